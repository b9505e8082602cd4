import { ValidationPipe } from '@nestjs/common';
import type { ValidatorOptions, ValidationError } from 'class-validator';
import { acceptsUnknownKeys, validationError } from '#envelope';

/**
 * class-validator on every DTO; failures answer 400 naming the field, in the reference's words.
 * Unknown keys are refused, except on DTOs marked @AcceptsUnknownKeys (dropped there).
 */
class EnvelopeValidationPipe extends ValidationPipe {
  protected override validate(
    object: object,
    options?: ValidatorOptions,
  ): Promise<ValidationError[]> | ValidationError[] {
    const lenient = acceptsUnknownKeys((object as { constructor?: object }).constructor);
    return super.validate(object, lenient ? { ...options, forbidNonWhitelisted: false } : options);
  }
}

export function envelopeValidationPipe(): ValidationPipe {
  return new EnvelopeValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    validationError: { target: false, value: true },
    exceptionFactory: (errors) => validationError(errors),
  });
}
