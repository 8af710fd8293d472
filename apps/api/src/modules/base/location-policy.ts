import type { GeoPoint } from '../../lib/geo';

/**
 * Where a base is, as people other than its operator and admins see it (issue 28 §5, decision 037). People who
 * harm street animals use public feeder maps: unless its operator publishes it (`bases.location_public`), a
 * base's point is the centre of the fixed grid cell it lies in (about 1.1 km square) and its address text is
 * not shown. The cell is a pure function of the point, so every response gives the same centre and averaging
 * many answers (or distances from many places) tells nothing finer than the cell.
 *
 * The grid: rows of CELLS_PER_DEGREE per degree of latitude; each row is cut into a whole number of equal
 * cells, as many as fit at that width (CELLS_PER_DEGREE per degree × cos of the row's centre latitude), so cells
 * are about as wide as they are tall everywhere and tile the row exactly. `coarseSql` in base/repository.ts is
 * the same arithmetic in SQL (for the lists PostgreSQL orders by distance); keep the two together.
 */

/** Grid rows per degree of latitude: 100 = 0.01° ≈ 1.11 km. */
export const CELLS_PER_DEGREE = 100;
/** The first and last row (the last row holds the pole itself). */
export const FIRST_ROW = -90 * CELLS_PER_DEGREE;
export const LAST_ROW = 90 * CELLS_PER_DEGREE - 1;

const RADIANS_PER_DEGREE = Math.PI / 180;

/** What the policy needs of a base. */
export interface BaseLocation {
  latitude: number;
  longitude: number;
  address: string;
  /** The operator chose to publish the exact point and address. */
  locationPublic: boolean;
}

/** The grid row a latitude falls in. */
export function rowOf(latitude: number): number {
  return Math.min(LAST_ROW, Math.max(FIRST_ROW, Math.floor(latitude * CELLS_PER_DEGREE)));
}

/** The number of cells in a row (at least 1: the rows at the poles). */
export function cellsInRow(row: number): number {
  const centre = (row + 0.5) / CELLS_PER_DEGREE;
  return Math.max(1, Math.floor(360 * Math.cos(centre * RADIANS_PER_DEGREE) * CELLS_PER_DEGREE));
}

/** The centre of the grid cell a point lies in. */
export function coarsePoint(p: GeoPoint): GeoPoint {
  const row = rowOf(p.latitude);
  const cells = cellsInRow(row);
  const width = 360 / cells;
  const column = Math.min(cells - 1, Math.max(0, Math.floor((p.longitude + 180) / width)));
  return { latitude: (row + 0.5) / CELLS_PER_DEGREE, longitude: -180 + (column + 0.5) * width };
}

/** The point everyone but the operator and admins sees: exact when published, else its cell's centre. */
export function publicPoint(base: Pick<BaseLocation, 'latitude' | 'longitude' | 'locationPublic'>): GeoPoint {
  const exact = { latitude: base.latitude, longitude: base.longitude };
  return base.locationPublic ? exact : coarsePoint(exact);
}

/**
 * The address everyone but the operator and admins sees: as written when the location is published, else ''.
 * Free text cannot be cut safely at a street (Chinese addresses run from the province down to the number
 * with no commas, English ones from the number up), so none of it is shown: the coarse point is the area.
 */
export function publicAddress(base: Pick<BaseLocation, 'address' | 'locationPublic'>): string {
  return base.locationPublic ? base.address : '';
}

/** A base's location fields as the public sees them. */
export function publicLocation(base: BaseLocation): { address: string; latitude: number; longitude: number } {
  return { address: publicAddress(base), ...publicPoint(base) };
}
