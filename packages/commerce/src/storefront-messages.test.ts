import { describe, expect, it } from 'vitest';
import {
  ADD_TO_CART_BUTTON_TEXTS,
  FORM_MESSAGES,
  formSubmissionStatusMessage,
  minimumOrderMessage,
  missingOptionsMessage,
  RESTOCK_MESSAGES,
} from './storefront-messages.js';

describe('storefront messages', () => {
  it('R8.1.4 R8.1.5 R8.1.6 missing-option forms for one, two and more options', () => {
    expect(missingOptionsMessage(['Größe'])).toBe('Bitte wähle die Option Größe.');
    expect(missingOptionsMessage(['Größe', 'Farbe'])).toBe('Bitte wähle die Optionen Größe und Farbe.');
    expect(missingOptionsMessage(['A', 'B', 'C', 'D'])).toBe('Bitte wähle die Optionen A, B, C und D.');
  });

  it('R8.9.1 the minimum-order message names the subtotal', () => {
    expect(minimumOrderMessage('25,00 €')).toBe(
      'Du kannst erst zur Kasse gehen, wenn die Zwischensumme deiner Bestellung 25,00 € oder mehr beträgt.',
    );
  });

  it('R4.1.1 R4.1.7 R4.1.9 the button state labels', () => {
    expect(ADD_TO_CART_BUTTON_TEXTS).toEqual({
      adding: 'Adding ...',
      added: 'Added!',
      chooseOption: 'Option auswählen',
      soldOut: 'Ausverkauft',
    });
  });

  it('R8.3.2 R8.3.3 R8.3.5 restock texts', () => {
    expect(RESTOCK_MESSAGES.submitFailed).toBe(
      'Formular kann nicht gesendet werden. Bitte versuche es später nochmal.',
    );
    expect(RESTOCK_MESSAGES.success).toBe('Registriert!');
    expect(RESTOCK_MESSAGES.missingSiteKey).toBe('Enterprise V3 ReCaptcha site key not found');
  });

  it('R8.4.1 R8.4.2 R8.4.3 R8.4.4 R8.4.5 form submission status messages', () => {
    expect(formSubmissionStatusMessage(401)).toBe(FORM_MESSAGES.cannotSubmit);
    expect(formSubmissionStatusMessage(500)).toBe(FORM_MESSAGES.cannotSubmit);
    expect(formSubmissionStatusMessage(404)).toBe('Dieses Formular ist noch nicht eingerichtet.');
    expect(formSubmissionStatusMessage(429)).toBe(FORM_MESSAGES.rateLimited);
    expect(formSubmissionStatusMessage(400)).toBeNull();
    expect(formSubmissionStatusMessage(418)).toBe(FORM_MESSAGES.unknownError);
    expect(FORM_MESSAGES.submitting).toBe('Wird gesendet …');
  });
});
