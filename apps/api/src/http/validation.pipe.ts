import { ValidationPipe } from '@nestjs/common';
import { validationError } from '#envelope';

/** class-validator on every DTO; failures answer 400 naming the field, in the reference's words. */
export function envelopeValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    validationError: { target: false, value: true },
    exceptionFactory: (errors) => validationError(errors),
  });
}
