import { Max, ValidateNested, validateSync, IsDefined, IsInt } from 'class-validator';
import { Type, plainToInstance } from 'class-transformer';
import { pyRepr, validationError } from './validation-message.js';

class Inner {
  @IsInt() @Max(64) max_cpu!: number;
}
class Outer {
  @IsDefined() @ValidateNested() @Type(() => Inner) guest!: Inner;
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

  it('says which wrapper key is missing', () => {
    const errors = validateSync(plainToInstance(Outer, {}));
    expect(validationError(errors).message).toContain("'guest' is a required property");
  });
});
