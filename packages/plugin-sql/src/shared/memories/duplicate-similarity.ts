/** elizaOS's near-duplicate threshold: a memory this close to another in the room is not unique. */
export const DUPLICATE_SIMILARITY = 0.95;
