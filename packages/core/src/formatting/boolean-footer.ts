/** The instruction elizaOS appends to yes/no prompts. */
export const booleanFooter = 'Respond with only a YES or a NO.';
