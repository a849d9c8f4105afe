import type { DataSource } from 'typeorm';
import { inTransaction, Location, LogisticsSettingsRow, ShippingTitle, Warehouse } from '#api-maintenance';

const LOCATIONS = ['Guangzhou', 'Yiwu', 'Lagos', 'Abuja'];
const WAREHOUSES = [
  {
    name: 'Guangzhou Sea Cargo Warehouse',
    location: 'Guangzhou',
    type: 'sea_cargo',
    address: 'No. 18 Huangshi West Road, Baiyun District, Guangzhou, Guangdong',
    contact: 'Mr. Chen · +86 138 0000 0001',
  },
  {
    name: 'Guangzhou Air Cargo Warehouse',
    location: 'Guangzhou',
    type: 'air_cargo',
    address: 'Unit 5, Airport Logistics Park, Huadu District, Guangzhou',
    contact: 'Ms. Li · +86 138 0000 0002',
  },
  {
    name: 'Yiwu Consolidation Centre',
    location: 'Yiwu',
    type: 'sea_cargo',
    address: '88 Futian Road, Yiwu, Zhejiang',
    contact: 'Mr. Wang · +86 138 0000 0003',
  },
  {
    name: 'Lagos Hub (Ikeja)',
    location: 'Lagos',
    type: 'local',
    address: '12 Allen Avenue, Ikeja, Lagos',
    contact: 'Jara Support · +234 800 000 0000',
  },
] as const;
const SHIPPINGS = [
  { name: 'Container GZ-LOS 2026-47', location: 'Guangzhou', type: 'sea_cargo', status: 2 },
  { name: 'Container YW-LOS 2026-48', location: 'Yiwu', type: 'sea_cargo', status: 1 },
  { name: 'Flight CAN-LOS 1122', location: 'Guangzhou', type: 'air_cargo', status: 1 },
] as const;

/** Demo logistics reference data (locations, warehouses, shipping titles, cargo rates); skipped when locations exist. */
export async function seedLogistics(db: DataSource): Promise<{ locations: number; skipped: boolean }> {
  if ((await db.getRepository(Location).count()) > 0) return { locations: 0, skipped: true };
  await inTransaction(db, async (m) => {
    const ids = new Map<string, number>();
    for (const name of LOCATIONS) {
      const row = m.create(Location, { name, status: 1 });
      await m.insert(Location, row);
      ids.set(name, row.id);
    }
    for (const w of WAREHOUSES)
      await m.insert(Warehouse, {
        name: w.name,
        location_id: ids.get(w.location) as number,
        type: w.type,
        address: w.address,
        contact: w.contact,
      });
    for (const s of SHIPPINGS)
      await m.insert(ShippingTitle, {
        name: s.name,
        location_id: ids.get(s.location) as number,
        type: s.type,
        status: s.status,
      });
    await m.insert(LogisticsSettingsRow, { id: 1, cost_per_cmb3_cents: 1, cost_per_kg_cents: 850 });
  });
  return { locations: LOCATIONS.length, skipped: false };
}
