/** The secret with its last character changed: always a different secret (the same length and alphabet). */
export const otherSecret = (secret: string): string => `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
