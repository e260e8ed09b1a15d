import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { processUpload } from './image-processing.js';

/* The upload's image work on its own, without a database. */

describe('image processing', () => {
  it('R8.7.7 an image that breaks off while it is decoded is refused as failed processing, in German', async () => {
    const whole = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c82828' } })
      .jpeg()
      .toBuffer();
    expect((await processUpload(whole)).width).toBe(400);
    // The header (and so the type and size) is intact; the pixels end early.
    await expect(processUpload(whole.subarray(0, 300))).rejects.toMatchObject({
      statusCode: 422,
      type: 'PROCESSING_FAILED',
      message: 'Die Verarbeitung der Datei ist fehlgeschlagen oder wurde abgebrochen.',
    });
  });
});
