// Formatting and text helpers.
export {};
