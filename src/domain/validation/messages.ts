/**
 * The shared validation messages of spec 002 section 5, word for word.
 * Placeholders are positional, as in the spec: {0}, {1}. Fill them with formatMessage.
 */
export const MESSAGES = {
  invalidField: 'Invalid field',
  required: 'This field is required',
  uniqueStreamId: 'Please make sure Stream ID is unique between the different streams',
  uniqueName: 'Name field has to be unique',
  mustBeUnique: 'This field must be unique',
  pattern: 'Must match the pattern: {1}',
  minLength: 'Must have at least {1} characters',
  maxLength: 'Must have at most {1} characters',
  minValue: 'Must be {1} or more',
  maxValue: 'Must be {1} or less',
  numericOnly: 'Must only contain numeric characters',
  integer: 'Must be an integer',
  number: 'Must be a number',
  ipOrDns: 'Invalid IP field',
  subnetMask: 'Invalid Subnet Mask field',
  parentInventory: 'Parent inventory cannot be the current inventory',
  unknownError: 'Unknown error',
  genericName: 'Should contain only letters, numbers, underscores and hyphens',
  alphaDash: 'Should contain only alpha-numeric characters, dashes and underscores',
  nameTaken: 'Name is already taken. Please select a different name',
  nameLength: 'Must be no more than 255 characters',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/**
 * Replaces {0}, {1}, ... with the given values. The spec's templates number their argument from
 * {1} for field rules (the field name is {0} in the vendor's catalogue) and from {0} elsewhere,
 * so callers pass values by the index the template uses.
 */
export function formatMessage(template: string, values: Readonly<Record<number, string | number>>): string {
  return template.replace(/\{(\d+)\}/g, (whole, index: string) => {
    const value = values[Number(index)];
    return value === undefined ? whole : String(value);
  });
}
