/**
 * The construction data every sandbox company starts with (issue 21, rest-api.md "Sample seed data"):
 * fixed content, so tests and partners can rely on it. Users are referred to by their seeded role.
 */

export type SeededRole = 'architect' | 'subcontractor' | 'support';

export const SEEDED_USERS: readonly { role: SeededRole; name: string; loginName: string }[] = [
  { role: 'architect', name: 'Test Architect', loginName: 'test.architect' },
  { role: 'subcontractor', name: 'Test Subcontractor', loginName: 'test.subcontractor' },
  { role: 'support', name: 'API Support', loginName: 'api.support' },
];

/** A seeded user's login: unique per company, on a domain that receives no mail. */
export function seededLogin(loginName: string, companyId: number): string {
  return `${loginName}+${companyId}@sandbox.platform.example`;
}

export const TEST_PROJECT_NUMBER = '1234';
/** As the real sandbox names it, with an en dash. */
export const TEST_PROJECT_NAME = '1234 – Sandbox Test Project';

export interface SeedProject {
  name: string;
  number: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  description: string;
  active: boolean;
  squareFeet: number;
  startDate: string;
  completionDate: string;
  totalValue: string;
  timeZone: string;
}

const project = (
  name: string,
  number: string,
  address: string,
  city: string,
  state: string,
  zip: string,
  squareFeet: number,
  totalValue: string,
  startDate: string,
  completionDate: string,
  description: string,
  extra: Partial<Pick<SeedProject, 'active' | 'timeZone' | 'phone'>> = {},
): SeedProject => ({
  name,
  number,
  address,
  city,
  state,
  zip,
  squareFeet,
  totalValue,
  startDate,
  completionDate,
  description,
  active: extra.active ?? true,
  timeZone: extra.timeZone ?? 'US/Pacific',
  phone: extra.phone ?? '(805) 555-0100',
});

/** The test project first; then twelve more, one of them finished (inactive), so lists page. */
export const SEED_PROJECTS: readonly SeedProject[] = [
  project(
    TEST_PROJECT_NAME,
    TEST_PROJECT_NUMBER,
    '6309 Carpinteria Avenue',
    'Carpinteria',
    'CA',
    '93013',
    48000,
    '12500000.00',
    '2026-03-02',
    '2027-06-30',
    'Three-story office building with a podium garage: the sandbox project every app can try its calls on.',
  ),
  project(
    'Harbor View Medical Office Building',
    '2101',
    '1450 Harbor Drive',
    'San Diego',
    'CA',
    '92101',
    62000,
    '28400000.00',
    '2025-09-15',
    '2027-02-26',
    'Four-story medical office building with imaging suites and a rooftop mechanical yard.',
  ),
  project(
    'Riverside Elementary School Modernization',
    '2102',
    '820 Riverside Boulevard',
    'Sacramento',
    'CA',
    '95818',
    54000,
    '19750000.00',
    '2026-06-01',
    '2027-08-13',
    'Seismic upgrade, new classroom wing and full MEP replacement while the campus stays open.',
  ),
  project(
    'Cedar Park Mixed-Use Tower',
    '2103',
    '300 Cedar Street',
    'Austin',
    'TX',
    '78701',
    210000,
    '96300000.00',
    '2025-04-07',
    '2027-11-19',
    'Twenty-two stories: ground-floor retail, six levels of offices and 180 apartments above.',
    { timeZone: 'US/Central', phone: '(512) 555-0142' },
  ),
  project(
    'Northgate Distribution Center',
    '2104',
    '4700 Northgate Parkway',
    'Reno',
    'NV',
    '89506',
    410000,
    '41200000.00',
    '2026-01-12',
    '2026-12-18',
    'Tilt-up warehouse with 60 dock doors, ESFR sprinklers and a two-story office.',
  ),
  project(
    'Lakeshore Apartments Phase II',
    '2105',
    '2250 North Lakeshore Drive',
    'Chicago',
    'IL',
    '60614',
    175000,
    '52800000.00',
    '2025-10-20',
    '2027-04-30',
    'Eight-story post-tensioned concrete residential building with 140 units over parking.',
    { timeZone: 'US/Central', phone: '(312) 555-0177' },
  ),
  project(
    'Summit County Library Renovation',
    '2106',
    '37 Main Street',
    'Frisco',
    'CO',
    '80443',
    22000,
    '8900000.00',
    '2026-04-13',
    '2027-01-29',
    'Interior renovation, new mass-timber reading room and a roof replacement.',
    { timeZone: 'US/Mountain', phone: '(970) 555-0119' },
  ),
  project(
    'Pine Street Parking Structure',
    '2107',
    '1601 Pine Street',
    'Seattle',
    'WA',
    '98101',
    240000,
    '33600000.00',
    '2025-11-03',
    '2026-12-11',
    'Six-level precast parking structure with 720 stalls and EV charging on every level.',
  ),
  project(
    'Mesa Verde Community Center',
    '2108',
    '925 East Mesa Verde Road',
    'Phoenix',
    'AZ',
    '85004',
    31000,
    '14250000.00',
    '2026-02-09',
    '2026-11-20',
    'Gymnasium, teaching kitchen and a shaded outdoor plaza for the neighborhood.',
    { timeZone: 'US/Arizona', phone: '(602) 555-0163' },
  ),
  project(
    'Bayfront Hotel & Conference Center',
    '2109',
    '500 Bayshore Boulevard',
    'Tampa',
    'FL',
    '33606',
    320000,
    '118000000.00',
    '2025-06-16',
    '2028-03-31',
    'Fifteen-story, 400-key hotel with a 40,000 sq ft ballroom and conference level.',
    { timeZone: 'US/Eastern', phone: '(813) 555-0105' },
  ),
  project(
    'Oakridge Water Treatment Plant Upgrade',
    '2110',
    '12800 Oakridge Road',
    'Portland',
    'OR',
    '97229',
    18000,
    '27600000.00',
    '2026-05-04',
    '2028-01-14',
    'New filter gallery, chemical building and SCADA replacement at an operating plant.',
  ),
  project(
    'Midtown Transit Station Canopy',
    '2111',
    '1010 Peachtree Street NE',
    'Atlanta',
    'GA',
    '30309',
    9000,
    '6400000.00',
    '2026-07-06',
    '2027-03-26',
    'Steel and glass canopy over the station plaza, with new lighting and drainage.',
    { timeZone: 'US/Eastern', phone: '(404) 555-0188' },
  ),
  project(
    'Greenfield Corporate Campus Building B',
    '2112',
    '8000 Greenfield Way',
    'Raleigh',
    'NC',
    '27617',
    96000,
    '38900000.00',
    '2024-03-04',
    '2025-09-26',
    'Completed three-story office building; kept for warranty and closeout records.',
    { active: false, timeZone: 'US/Eastern', phone: '(919) 555-0131' },
  ),
];

export interface SeedRfi {
  /** Index into SEED_PROJECTS. */
  project: number;
  subject: string;
  question: string;
  answer: string | null;
  status: 'open' | 'closed' | 'draft';
  dueDate: string;
  reference: string | null;
  location: string | null;
  scheduleImpact: 'yes' | 'no' | 'tbd' | null;
  costImpact: 'yes' | 'no' | 'tbd' | null;
  manager: SeededRole;
  assignees: SeededRole[];
  createdBy: SeededRole;
  /** Days before the company was created (spreads created_at). */
  daysAgo: number;
}

const rfi = (
  projectIndex: number,
  subject: string,
  question: string,
  status: SeedRfi['status'],
  dueDate: string,
  extra: Partial<Omit<SeedRfi, 'project' | 'subject' | 'question' | 'status' | 'dueDate'>> = {},
): SeedRfi => ({
  project: projectIndex,
  subject,
  question,
  status,
  dueDate,
  answer: extra.answer ?? null,
  reference: extra.reference ?? null,
  location: extra.location ?? null,
  scheduleImpact: extra.scheduleImpact ?? null,
  costImpact: extra.costImpact ?? null,
  manager: extra.manager ?? 'architect',
  assignees: extra.assignees ?? ['subcontractor'],
  createdBy: extra.createdBy ?? 'support',
  daysAgo: extra.daysAgo ?? 10,
});

export const SEED_RFIS: readonly SeedRfi[] = [
  rfi(
    0,
    'Clarify slab edge detail at grid C/4',
    'Structural detail 7/S-501 shows the slab edge 2" past grid C, while architectural plan A-201 holds it flush with the curtain wall line. Which governs, and is the embed plate spacing in 7/S-501 still correct?',
    'open',
    '2026-12-18',
    {
      reference: 'S-501, A-201',
      location: 'Level 2 > Grid C/4',
      scheduleImpact: 'tbd',
      costImpact: 'tbd',
      daysAgo: 6,
    },
  ),
  rfi(
    0,
    'Confirm door hardware set for Stair 2 doors',
    'Hardware schedule lists set HW-07 (storeroom function) for doors 210A and 210B, but these are egress doors from Stair 2. Please confirm the intended set.',
    'closed',
    '2026-11-06',
    {
      answer: 'Use set HW-04 (exit device, passage function). Revised hardware schedule to follow in ASI-03.',
      reference: 'A-601 Door Schedule',
      location: 'Level 2 > Stair 2',
      scheduleImpact: 'no',
      costImpact: 'no',
      daysAgo: 30,
    },
  ),
  rfi(
    1,
    'Lead lining height in imaging suite walls',
    'Drawings call for lead-lined gypsum board in rooms 114–118 without a height. Physicist report references 7\'-0" AFF. Confirm the height and whether the ceiling needs shielding.',
    'open',
    '2026-12-11',
    { location: 'Level 1 > Imaging', costImpact: 'yes', daysAgo: 12 },
  ),
  rfi(
    1,
    'Rooftop unit curb dimensions conflict',
    'RTU-3 submittal curb is 96" x 64"; structural framing opening on S-401 is 90" x 60". Please advise whether the framing can be revised.',
    'closed',
    '2026-10-23',
    {
      answer: 'Revise framing per attached sketch SK-S-12.',
      scheduleImpact: 'yes',
      costImpact: 'yes',
      daysAgo: 45,
    },
  ),
  rfi(
    2,
    'Existing asbestos in classroom wing B flooring',
    'Demolition found 9" x 9" floor tile in wing B not identified in the hazmat survey. Request direction on abatement before proceeding.',
    'open',
    '2026-12-04',
    { location: 'Wing B > Classrooms 12–16', scheduleImpact: 'yes', costImpact: 'tbd', daysAgo: 4 },
  ),
  rfi(
    2,
    'Seismic bracing of suspended ceilings in gym',
    'Specification 09 51 13 requires ASTM E580 bracing; the gym has a 28 ft open structure. Are splay wires acceptable or are rigid struts required?',
    'draft',
    '2027-01-15',
    { daysAgo: 1 },
  ),
  rfi(
    3,
    'Post-tension tendon profile at level 8 transfer beam',
    'Tendon profile on PT-308 does not clear the 12" sleeve shown on M-308. Please confirm an alternate sleeve location or revised profile.',
    'open',
    '2026-12-09',
    { location: 'Level 8 > Transfer beam TB-2', scheduleImpact: 'yes', daysAgo: 8 },
  ),
  rfi(
    3,
    'Retail storefront mullion finish',
    'Elevations note "dark bronze anodized" while the spec calls for Class I clear anodized. Which finish applies to the retail storefront?',
    'closed',
    '2026-09-30',
    { answer: 'Dark bronze anodized, Class I, for all retail storefront.', daysAgo: 70 },
  ),
  rfi(
    4,
    'Dock leveler pit depth',
    'Leveler manufacturer requires a 24" pit; civil details show 20". Please confirm the pit depth for all 60 dock positions.',
    'closed',
    '2026-08-28',
    { answer: 'Provide 24" pits per manufacturer; civil details revised.', costImpact: 'yes', daysAgo: 90 },
  ),
  rfi(
    4,
    'ESFR sprinkler clearance to top of storage',
    'Owner racking layout shows storage to 38 ft; ESFR design assumes 35 ft. Please confirm storage height for the sprinkler design.',
    'open',
    '2026-12-15',
    { scheduleImpact: 'tbd', daysAgo: 3 },
  ),
  rfi(
    5,
    'Balcony guardrail attachment at slab edge',
    'Guardrail shop drawings show side-mounted posts; the slab edge has PT tendons 3" from the face. Can posts be top-mounted instead?',
    'open',
    '2026-12-21',
    { location: 'Levels 2–8 > Balconies', daysAgo: 5 },
  ),
  rfi(
    5,
    'Unit kitchen exhaust termination',
    'Mechanical drawings terminate kitchen exhaust at the roof; architectural elevations show wall caps. Please confirm termination.',
    'closed',
    '2026-10-09',
    { answer: 'Roof termination as shown on mechanical drawings.', daysAgo: 60 },
  ),
  rfi(
    6,
    'Glulam beam connection at reading room',
    'Concealed knife-plate connection detail 4/S-302 conflicts with the sprinkler main routing. Request an alternate route or connection.',
    'open',
    '2027-01-08',
    { location: 'Reading Room', daysAgo: 2 },
  ),
  rfi(
    7,
    'EV charger conduit routing on precast tees',
    'Electrical plans route EV conduit below double tees; precast supplier asks to embed conduit in the topping. Please advise.',
    'open',
    '2026-12-02',
    { costImpact: 'no', daysAgo: 9 },
  ),
  rfi(
    7,
    'Stair tower cladding panel color',
    'Color schedule lists "Zinc Grey" and "Slate" for the stair tower panels. Which color is approved?',
    'closed',
    '2026-09-18',
    { answer: 'Slate on the north tower, Zinc Grey on the south tower.', daysAgo: 80 },
  ),
  rfi(
    8,
    'Teaching kitchen hood fire suppression',
    'Spec section 23 38 13 omits the fire suppression system for the teaching kitchen hood. Is it by the hood supplier or the fire protection contractor?',
    'open',
    '2026-12-16',
    { assignees: ['subcontractor', 'support'], daysAgo: 7 },
  ),
  rfi(
    9,
    'Ballroom operable partition support steel',
    'The operable partition track load exceeds the capacity noted on S-210. Request confirmation of the supplemental steel design.',
    'open',
    '2026-12-30',
    { scheduleImpact: 'yes', costImpact: 'yes', daysAgo: 11 },
  ),
  rfi(
    9,
    'Guest room bathroom waterproofing',
    'Please confirm whether the sheet membrane is required on all shower walls or only up to 6 ft AFF.',
    'draft',
    '2027-01-22',
    { daysAgo: 1 },
  ),
  rfi(
    10,
    'Filter gallery pipe support spacing',
    'Ductile iron pipe support spacing on M-502 differs from the manufacturer recommendation. Which spacing governs?',
    'open',
    '2026-12-23',
    { daysAgo: 6 },
  ),
  rfi(
    11,
    'Canopy glass frit pattern',
    'Architectural renderings show a frit pattern on the canopy glass not identified in the specifications. Please confirm the frit coverage.',
    'closed',
    '2026-10-30',
    { answer: 'Use 40% dot frit, pattern per attached sketch.', daysAgo: 40 },
  ),
];

/** Submittal statuses: id, name, and the general state the reference's status object carries. */
export const SUBMITTAL_STATUSES: readonly {
  id: number;
  name: string;
  status: 'Open' | 'Closed' | 'Draft';
}[] = [
  { id: 1, name: 'Draft', status: 'Draft' },
  { id: 2, name: 'Open', status: 'Open' },
  { id: 3, name: 'Approved', status: 'Closed' },
  { id: 4, name: 'Approved as Noted', status: 'Closed' },
  { id: 5, name: 'Revise and Resubmit', status: 'Open' },
  { id: 6, name: 'Rejected', status: 'Closed' },
  { id: 7, name: 'Closed', status: 'Closed' },
];

export interface SeedSubmittal {
  project: number;
  number: string;
  revision: number;
  title: string;
  description: string;
  status: string;
  type: string;
  dueDate: string;
  issueDate: string;
  receivedDate: string | null;
  daysAgo: number;
}

const submittal = (
  projectIndex: number,
  number: string,
  title: string,
  status: string,
  type: string,
  dueDate: string,
  issueDate: string,
  description: string,
  extra: { revision?: number; receivedDate?: string; daysAgo?: number } = {},
): SeedSubmittal => ({
  project: projectIndex,
  number,
  title,
  status,
  type,
  dueDate,
  issueDate,
  description,
  revision: extra.revision ?? 0,
  receivedDate: extra.receivedDate ?? null,
  daysAgo: extra.daysAgo ?? 14,
});

export const SEED_SUBMITTALS: readonly SeedSubmittal[] = [
  submittal(
    0,
    '03 30 00-1',
    '03 30 00 – Cast-in-Place Concrete Mix Design',
    'Open',
    'Product Data',
    '2026-12-14',
    '2026-11-16',
    '5,000 psi mix with 25% slag for elevated slabs; 4,000 psi for footings and slab on grade.',
    { daysAgo: 11 },
  ),
  submittal(
    1,
    '05 12 00-1',
    '05 12 00 – Structural Steel Shop Drawings',
    'Approved as Noted',
    'Shop Drawings',
    '2026-10-02',
    '2026-09-04',
    'Levels 1–4 framing and connections, sequence 1 and 2.',
    { receivedDate: '2026-09-08', daysAgo: 80 },
  ),
  submittal(
    1,
    '23 74 13-1',
    '23 74 13 – Packaged Rooftop Air-Conditioning Units',
    'Revise and Resubmit',
    'Product Data',
    '2026-11-20',
    '2026-10-26',
    'RTU-1 through RTU-4 with economizers; curb dimensions to be coordinated with structure.',
    { revision: 1, receivedDate: '2026-10-28', daysAgo: 30 },
  ),
  submittal(
    2,
    '09 51 13-1',
    '09 51 13 – Acoustical Panel Ceilings',
    'Open',
    'Samples',
    '2026-12-07',
    '2026-11-09',
    'Ceiling tile samples and seismic suspension system data.',
    { daysAgo: 18 },
  ),
  submittal(
    3,
    '03 38 00-1',
    '03 38 00 – Post-Tensioned Concrete Shop Drawings',
    'Approved',
    'Shop Drawings',
    '2026-08-21',
    '2026-07-24',
    'Tendon layouts and profiles for levels 3–12.',
    { receivedDate: '2026-07-27', daysAgo: 120 },
  ),
  submittal(
    3,
    '08 44 13-1',
    '08 44 13 – Glazed Aluminum Curtain Walls',
    'Open',
    'Shop Drawings',
    '2026-12-18',
    '2026-11-20',
    'Unitized curtain wall system, typical and corner units, with thermal calculations.',
    { daysAgo: 7 },
  ),
  submittal(
    4,
    '11 13 00-1',
    '11 13 00 – Loading Dock Equipment',
    'Approved',
    'Product Data',
    '2026-07-31',
    '2026-07-03',
    'Hydraulic dock levelers, seals and vehicle restraints.',
    { receivedDate: '2026-07-06', daysAgo: 140 },
  ),
  submittal(
    4,
    '21 13 13-1',
    '21 13 13 – Wet-Pipe Sprinkler Systems (ESFR)',
    'Revise and Resubmit',
    'Shop Drawings',
    '2026-12-04',
    '2026-11-06',
    'ESFR layout and hydraulic calculations; storage height to be confirmed.',
    { revision: 1, daysAgo: 21 },
  ),
  submittal(
    5,
    '05 52 13-1',
    '05 52 13 – Pipe and Tube Railings',
    'Open',
    'Shop Drawings',
    '2026-12-20',
    '2026-11-22',
    'Balcony guardrails, post spacing and attachment details.',
    { daysAgo: 5 },
  ),
  submittal(
    6,
    '06 18 00-1',
    '06 18 00 – Glued-Laminated Construction',
    'Approved as Noted',
    'Shop Drawings',
    '2026-10-16',
    '2026-09-18',
    'Glulam beams and knife-plate connections for the reading room.',
    { receivedDate: '2026-09-21', daysAgo: 66 },
  ),
  submittal(
    7,
    '03 41 00-1',
    '03 41 00 – Precast Structural Concrete',
    'Approved',
    'Shop Drawings',
    '2026-06-26',
    '2026-05-29',
    'Double tees, spandrels and columns, erection sequence.',
    { receivedDate: '2026-06-01', daysAgo: 180 },
  ),
  submittal(
    8,
    '11 40 00-1',
    '11 40 00 – Foodservice Equipment',
    'Draft',
    'Product Data',
    '2027-01-11',
    '2026-12-14',
    'Teaching kitchen equipment schedule and hood data.',
    { daysAgo: 2 },
  ),
  submittal(
    9,
    '10 22 39-1',
    '10 22 39 – Folding Panel Partitions',
    'Rejected',
    'Shop Drawings',
    '2026-11-13',
    '2026-10-16',
    'Ballroom operable partitions; track loads exceed the supporting steel.',
    { receivedDate: '2026-10-19', daysAgo: 40 },
  ),
  submittal(
    10,
    '40 05 19-1',
    '40 05 19 – Ductile Iron Process Pipe',
    'Open',
    'Product Data',
    '2026-12-22',
    '2026-11-24',
    'Pipe, fittings, supports and lining for the filter gallery.',
    { daysAgo: 3 },
  ),
  submittal(
    11,
    '08 80 00-1',
    '08 80 00 – Glazing',
    'Closed',
    'Samples',
    '2026-10-23',
    '2026-09-25',
    'Laminated canopy glass with dot frit, 12" x 12" samples.',
    { receivedDate: '2026-09-28', daysAgo: 55 },
  ),
];

/** The one project each production company starts with, so the production API has something to list. */
export const PRODUCTION_PROJECT: SeedProject = project(
  'Headquarters Office Renovation',
  '1001',
  '100 Main Street',
  'Springfield',
  'IL',
  '62701',
  30000,
  '7500000.00',
  '2026-04-06',
  '2027-02-26',
  'Renovation of the company headquarters: the first project of a company that installed the app.',
  { timeZone: 'US/Central', phone: '(217) 555-0100' },
);
