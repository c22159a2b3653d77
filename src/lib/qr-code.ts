// QR codes of the URIs a wallet is invoked with (OpenID4VP 1.0 §5.6 cross-device flows; OpenID4VCI offers), as
// SVG text and as a PNG data URL, so that a page can show one without rendering anything itself.
import QRCode from 'qrcode';

export type QrCode = { svg: string; pngDataUrl: string };

/** Error correction M (15%): what wallet scanners read reliably off a screen at the sizes these URIs make. */
export async function qrCodeOf(text: string): Promise<QrCode> {
  const options = { errorCorrectionLevel: 'M' as const, margin: 2 };
  const [svg, pngDataUrl] = await Promise.all([
    QRCode.toString(text, { ...options, type: 'svg' }),
    QRCode.toDataURL(text, { ...options, type: 'image/png', scale: 6 }),
  ]);
  return { svg, pngDataUrl };
}
