// What the service tells the dashboard of its deployment: outside production, index.html carries
// <meta name="credential-service-deployment" content="development [webhook-private-urls]"> (src/http/
// dashboard.ts). No element: production, or a page served otherwise; the dashboard then says nothing of it.

export type Deployment = { development: boolean; webhookPrivateUrls: boolean };

export const DEPLOYMENT_META = 'credential-service-deployment';

export function readDeployment(doc: Pick<Document, 'querySelector'> = document): Deployment {
  const words = (doc.querySelector(`meta[name="${DEPLOYMENT_META}"]`)?.getAttribute('content') ?? '').split(/\s+/);
  return { development: words.includes('development'), webhookPrivateUrls: words.includes('webhook-private-urls') };
}
