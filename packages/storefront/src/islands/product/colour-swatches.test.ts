import { describe, expect, it } from 'vitest';
import { COLOUR_SWATCHES, isColourOption, swatchColour } from './colour-swatches.js';

describe('colour swatches', () => {
  it('finds the colour of a German name, of its last word and of a compound that ends in a colour', () => {
    expect(swatchColour('Schwarz')).toBe(COLOUR_SWATCHES.schwarz);
    expect(swatchColour(' weiß ')).toBe(COLOUR_SWATCHES.weiß);
    expect(swatchColour('Dunkelblau')).toBe(COLOUR_SWATCHES.dunkelblau);
    expect(swatchColour('Jeans Blau')).toBe(COLOUR_SWATCHES.blau);
    expect(swatchColour('Salbeigrün')).toBe(COLOUR_SWATCHES.grün);
    // The longest colour the compound ends with: "Marineblau" is marine blue, not plain blue.
    expect(swatchColour('Tiefmarineblau')).toBe(COLOUR_SWATCHES.marineblau);
  });

  it('guesses nothing for a name it does not know, so the button shows the text alone', () => {
    expect(swatchColour('Nachthimmel')).toBeUndefined();
    expect(swatchColour('Gemustert')).toBeUndefined();
    expect(swatchColour('')).toBeUndefined();
    // Names of Object's own properties are no colours either.
    expect(swatchColour('constructor')).toBeUndefined();
    expect(swatchColour('Rot / toString')).toBeUndefined();
  });

  it('every colour in the table is a CSS hex colour', () => {
    for (const colour of Object.values(COLOUR_SWATCHES)) expect(colour).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('treats only colour options as colours', () => {
    expect(isColourOption('Farbe')).toBe(true);
    expect(isColourOption('farbton')).toBe(true);
    expect(isColourOption('Color')).toBe(true);
    expect(isColourOption('Größe')).toBe(false);
    expect(isColourOption('Farbenlehre')).toBe(false);
  });
});
