import { Max, Min, ValidateNested, validateSync, IsDefined, IsInt, Matches } from 'class-validator';
import { Type, plainToInstance } from 'class-transformer';
import { pyRepr, redactUrlCredentials, validationError } from './validation-message.js';

class Inner {
  @IsInt() @Max(64) max_cpu!: number;
}
class Outer {
  @IsDefined() @ValidateNested() @Type(() => Inner) guest!: Inner;
}

class Bounded {
  @IsInt() @Min(1) @Max(500) limit!: number;
}

class WithUrl {
  @Matches(/^https?:/) url!: string;
}

describe('validation messages', () => {
  it('prints values as Python repr', () => {
    expect(pyRepr("a'b")).toBe("'a\\'b'");
    expect(pyRepr(null)).toBe('None');
    expect(pyRepr([true, 1])).toBe('[True, 1]');
    expect(pyRepr({ a: 'x' })).toBe("{'a': 'x'}");
  });

  it('names the nested field and its value', () => {
    const errors = validateSync(plainToInstance(Outer, { guest: { max_cpu: 65 } }));
    const err = validationError(errors);
    expect(err.httpStatus).toBe(400);
    expect(err.message).toMatch(
      /^ValidationError: Validation error: Invalid input for field\/attribute max_cpu\. Value: 65\./,
    );
  });

  it('names the bound a number misses, and the type of a value that is no number (#57.12)', () => {
    const reason = (limit: unknown) =>
      validationError(validateSync(plainToInstance(Bounded, { limit })))
        .message.split('. ')
        .pop();
    expect(reason(-3)).toBe('limit must not be less than 1');
    expect(reason(501)).toBe('limit must not be greater than 500');
    // 'abc' misses the bounds as well; its type is what the client got wrong
    expect(reason('abc')).toBe('limit must be an integer number');
  });

  it('says which wrapper key is missing', () => {
    const errors = validateSync(plainToInstance(Outer, {}));
    expect(validationError(errors).message).toContain("'guest' is a required property");
  });

  it('never echoes URL credentials (issue #16 item 4)', () => {
    const errors = validateSync(plainToInstance(WithUrl, { url: 'ftp://nova:s3cret@h/x' }));
    const msg = validationError(errors).message;
    expect(msg).toContain("'ftp://***@h/x'");
    expect(msg).not.toContain('s3cret');
    expect(redactUrlCredentials('a http://u@h/ b HTTPS://u:p@h:1/')).toBe(
      'a http://***@h/ b HTTPS://***@h:1/',
    );
    expect(redactUrlCredentials('mail me@example.com at http://h/x')).toBe(
      'mail me@example.com at http://h/x',
    );
  });
});
