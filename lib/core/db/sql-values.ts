/** The values of one raw statement: `add(value)` keeps the value and answers its placeholder ($1, $2, ...). */
export interface SqlValues {
  values: unknown[];
  add: (value: unknown) => string;
}

export function sqlValues(): SqlValues {
  const values: unknown[] = [];
  return { values, add: (value) => `$${values.push(value)}` };
}
