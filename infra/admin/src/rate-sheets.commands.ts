import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Command } from 'commander';
import type { ConsignmentAdmin } from '@waybill/consignment';
import { openDeliveryOptionsAdmin } from '@waybill/delivery-options';
import type { DbTarget } from '@waybill/db';
import { catalogParts } from './catalog';
import { out, reported } from './output';
import { recordCliChange } from './audit';

type WithTarget = (fn: (target: DbTarget, cs: ConsignmentAdmin) => Promise<void>) => Promise<void>;

/**
 * `waybill rate-sheets …`: what each service costs by zone and weight (docs/api/rates.md). Running
 * services price with a change as soon as their outbox relay publishes the rules-changed event.
 */
export function registerRateSheetCommands(program: Command, withTarget: WithTarget): void {
  const sheets = program.command('rate-sheets').description('rate sheets: service prices by destination zone and parcel weight');
  sheets.command('list <company>').description('print the company\'s rate sheets')
    .action((c: string) => withTarget(async (target) => {
      const dor = await openDeliveryOptionsAdmin(target);
      try {
        out(await dor.listRateSheets(c));
      } finally {
        await dor.close();
      }
    }));
  sheets.command('import <company> <file>')
    .requiredOption('--service <service_id>', 'the service the prices are for, as GET /carrierservices names it')
    .option('--identifier <name>', 'the sheet\'s name (default: the existing sheet\'s, else the file name)')
    .option('--currency <code>', 'currency of the prices (default: the company\'s delivery currency)')
    .option('--volumetric-divisor <cm3_per_kg>', 'price parcels by the greater of weight and length×width×height/divisor (e.g. 5000)', Number)
    .description('create or replace the service\'s sheet from a CSV file (- for standard input): columns zone,countries,postcode_prefixes,max_weight_kg,price')
    .action((c: string, file: string, o: { service: string; identifier?: string; currency?: string; volumetricDivisor?: number }) => withTarget(async (target, cs) => {
      const csv = readFileSync(file === '-' ? 0 : file, 'utf8');
      const dor = await openDeliveryOptionsAdmin(target);
      try {
        const l = await cs.lookups(c);
        const existing = (await dor.listRateSheets(c)).some((s) => s.service_id.toLowerCase() === o.service.toLowerCase());
        const identifier = o.identifier ?? (existing || file === '-' ? undefined : basename(file).replace(/\.csv$/i, ''));
        const body = { service_id: o.service, csv, ...(identifier && { identifier }), ...(o.currency && { currency: o.currency }), ...(o.volumetricDivisor !== undefined && { volumetric_divisor: o.volumetricDivisor }) };
        const { sheet } = await reported(() => dor.importRateSheet(c, body, catalogParts(c, l.carrierIds, l.warehouses)));
        await recordCliChange(target, c, 'rate_sheet.imported', sheet.id);
        out(sheet);
      } finally {
        await dor.close();
      }
    }));
}
