/**
 * German answers of the visitor form calls (form-routes.ts) that the spec does not quote; the quoted ones
 * are FORM_MESSAGES of @baukasten/commerce.
 */
export const formApiMessages = {
  captchaActionUnknown: (actions: readonly string[]) =>
    `Unbekannte Captcha-Aktion. Erlaubt: ${actions.join(', ')}.`,
  templateTypeUnknown: 'Unbekannter Vorlagentyp. Erlaubt ist type=form.',
} as const;
