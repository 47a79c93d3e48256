/**
 * Cloud graphics permission (spec 002 §4): "the service is enabled only when the server answers
 * HTTP 200 with serviceEnabled true; any other answer means not enabled".
 */

/** body is the decoded JSON answer of GET graphics/inventory/{id}/permissions, unchecked. */
export function graphicsServiceEnabled(httpStatus: number, body: unknown): boolean {
  if (httpStatus !== 200 || typeof body !== 'object' || body === null) return false;
  return Object.prototype.hasOwnProperty.call(body, 'serviceEnabled') && (body as { serviceEnabled: unknown }).serviceEnabled === true;
}
