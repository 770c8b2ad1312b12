/** Credits as a transcript prints them: whole numbers bare, converted ones to hundredths (4 quarter credits = 2.67). */
export const formatCredits = (value: number) => String(Math.round(value * 100) / 100);
