import { CarrierRejection, type CarrierManifest, type ManifestRequest } from '@waybill/carrier-model';
import { changingCall } from '../kit/calls';
import { RM_IDENTIFIER } from './royalmail.profile';
import { rmRefusal, type ClickAndDrop } from './royalmail.calls';
import type { RmManifestAnswer } from './royalmail.types';

/**
 * Click & Drop's manifest operation takes no list: it manifests every order of the account that has a
 * label and is not manifested yet. The answer says so (`scope: 'account'`) and carries Royal Mail's PDF;
 * when the PDF is not ready (202) it is asked for once more. A repeated submission under the same
 * manifest identifier, in this process, returns the first answer rather than manifesting again.
 */
export async function rmManifest(cd: ClickAndDrop, done: Map<string, CarrierManifest>, req: ManifestRequest): Promise<CarrierManifest> {
  const earlier = done.get(req.manifestId);
  if (earlier) return earlier;
  const answer = await changingCall(RM_IDENTIFIER, 'manifest', () => cd.send({ operation: 'manifest', method: 'POST', path: '/manifests', idempotent: false, body: {} }));
  if (answer.status !== 201 && answer.status !== 202) throw new CarrierRejection(rmRefusal(answer));
  const body = answer.body as RmManifestAnswer;
  let pdf = body.documentPdf;
  if (!pdf) {
    const again = await cd.send({ operation: 'manifest', method: 'GET', path: `/manifests/${body.manifestNumber}`, idempotent: true });
    if (again.status === 200) pdf = (again.body as RmManifestAnswer).documentPdf;
  }
  const result: CarrierManifest = { reference: `RM-${body.manifestNumber}`, document: pdf ? Buffer.from(pdf, 'base64') : null, scope: 'account' };
  done.set(req.manifestId, result);
  // Remembered for repeats of recent submissions only: the oldest answers make way.
  if (done.size > 1000) done.delete(done.keys().next().value!);
  return result;
}
