/**
 * Each stop's colour, by its position in the trip (A the pickup, B, C, … the drop-offs): the pin,
 * its badge beside the fields and its choice in "the next tap places" share it. Every colour
 * carries white text at 4.5:1 or better, and none is the alarm red of a point out of coverage;
 * the letter, and the pickup's round shape against the drop-offs' square one, tell stops apart
 * without colour.
 */
const COLOURS = [
  '#0b57d0', // A blue
  '#b93a0b', // B burnt orange
  '#7b1fa2', // C purple
  '#00695c', // D teal
  '#6d4c41', // E brown
  '#ad1457', // F magenta
  '#37474f', // G blue grey
  '#2e7d32', // H green
  '#4527a0', // I indigo
  '#827717', // J olive
];

export const stopColour = (position: number) => COLOURS[position % COLOURS.length]!;
