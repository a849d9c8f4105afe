/** Demo catalogue for Nigerian shoppers: categories, their products (name, naira price, picture) and variants. */
export interface CategorySeed {
  name: string;
  color: string;
  /** Products of this category: name, naira price and the kind of picture drawn for it (product-art.ts). */
  products: Array<[name: string, naira: number, art: ArtKind]>;
  /** Second and later rounds through `products` add one of these to the name (colour, size, pack). */
  variants: string[];
}

export type ArtKind =
  | 'phone'
  | 'tablet'
  | 'earbuds'
  | 'powerbank'
  | 'laptop'
  | 'mouse'
  | 'tv'
  | 'speaker'
  | 'fan'
  | 'panel'
  | 'dress'
  | 'shirt'
  | 'shoe'
  | 'cap'
  | 'bottle'
  | 'jar'
  | 'pot'
  | 'kettle'
  | 'blender'
  | 'sack'
  | 'jerrycan'
  | 'grocerybag'
  | 'teddy'
  | 'ball'
  | 'dumbbell'
  | 'tyre'
  | 'battery'
  | 'book'
  | 'calculator'
  | 'gamepad'
  | 'headset'
  | 'watch'
  | 'necklace'
  | 'generator'
  | 'plant'
  | 'chair';

export const CATEGORY_SEEDS: CategorySeed[] = [
  {
    name: 'Phones & Tablets',
    color: '#1f6feb',
    products: [
      ['Tecno Spark 20 Pro 256GB', 189000, 'phone'],
      ['Infinix Hot 40i 128GB', 139500, 'phone'],
      ['Samsung Galaxy A15 128GB', 229000, 'phone'],
      ['itel A70 64GB', 84900, 'phone'],
      ['Xiaomi Redmi Note 13 256GB', 315000, 'phone'],
      ['Samsung Galaxy Tab A9 64GB', 198000, 'tablet'],
      ['Tecno Megapad 10" 128GB', 159000, 'tablet'],
      ['Oraimo FreePods 4 earbuds', 32500, 'earbuds'],
      ['Oraimo Traveler 20000mAh power bank', 24900, 'powerbank'],
      ['New Age 30000mAh power bank', 21500, 'powerbank'],
      ['Oraimo Riff 2 wireless earbuds', 18900, 'earbuds'],
    ],
    variants: ['Black', 'Blue'],
  },
  {
    name: 'Computing',
    color: '#6e40c9',
    products: [
      ['HP 250 G9 14" Core i5 8GB/512GB', 685000, 'laptop'],
      ['Lenovo IdeaPad 3 15.6" Ryzen 5', 749000, 'laptop'],
      ['Dell Latitude 5420 Core i7 (UK used)', 520000, 'laptop'],
      ['Apple MacBook Air M1 256GB', 1150000, 'laptop'],
      ['HP EliteBook 840 G6 Core i5', 455000, 'laptop'],
      ['Logitech M185 wireless mouse', 12500, 'mouse'],
      ['Logitech MX Master 3S mouse', 98000, 'mouse'],
      ['HP X200 wireless mouse', 8900, 'mouse'],
      ['Lenovo ThinkPad E14 Core i5', 815000, 'laptop'],
      ['Dell Inspiron 15 Core i3 8GB', 498000, 'laptop'],
      ['Redragon M711 gaming mouse', 19500, 'mouse'],
    ],
    variants: ['Silver', 'Grey'],
  },
  {
    name: 'Electronics',
    color: '#0969da',
    products: [
      ['Hisense 43" Full HD smart TV', 315000, 'tv'],
      ['LG 55" 4K UHD smart TV', 689000, 'tv'],
      ['Scanfrost 32" LED TV', 149000, 'tv'],
      ['Hisense 2.1ch soundbar 120W', 118000, 'speaker'],
      ['LG XBOOM Bluetooth speaker', 165000, 'speaker'],
      ['Polystar 40" smart TV', 215000, 'tv'],
      ['Binatone 16" standing fan', 38500, 'fan'],
      ['Ox 18" rechargeable fan', 62000, 'fan'],
      ['Jinko 300W monocrystalline solar panel', 98000, 'panel'],
      ['Nexus 16" table fan', 27500, 'fan'],
      ['Sony SRS-XB13 portable speaker', 74500, 'speaker'],
    ],
    variants: ['Black', 'White'],
  },
  {
    name: 'Fashion',
    color: '#bf3989',
    products: [
      ['Ankara print wrap dress', 18500, 'dress'],
      ['Adire tie-dye maxi dress', 24000, 'dress'],
      ['Aso oke bridal gown', 95000, 'dress'],
      ['Men’s senator kaftan set', 38000, 'shirt'],
      ['Adire short-sleeve shirt', 14500, 'shirt'],
      ['Agbada three-piece set', 85000, 'shirt'],
      ['Handmade leather palm slippers', 12500, 'shoe'],
      ['Canvas low-top sneakers', 22000, 'shoe'],
      ['Aso oke fila cap', 6500, 'cap'],
      ['Ankara peplum top', 11500, 'dress'],
      ['Men’s Oxford brogues', 42000, 'shoe'],
    ],
    variants: ['Size M', 'Size L'],
  },
  {
    name: 'Beauty & Health',
    color: '#d1242f',
    products: [
      ['Shea butter body cream 500ml', 6800, 'jar'],
      ['Dudu-Osun black soap (pack of 3)', 3600, 'jar'],
      ['Nivea Cocoa Butter body lotion 400ml', 5400, 'bottle'],
      ['Arami coconut & shea hair oil 100ml', 8500, 'bottle'],
      ['Tura germicidal soap (pack of 6)', 4200, 'jar'],
      ['Zara Rose perfume oil 100ml', 27500, 'bottle'],
      ['Vitamin C brightening serum 30ml', 9800, 'bottle'],
      ['Dark & Lovely relaxer kit', 5200, 'jar'],
      ['Raw African shea butter 1kg', 7500, 'jar'],
      ['Oriflame Love Nature face wash', 6200, 'bottle'],
      ['Cocoa butter lip balm (pack of 4)', 2800, 'jar'],
    ],
    variants: ['Unscented', 'Lavender'],
  },
  {
    name: 'Home & Kitchen',
    color: '#bc4c00',
    products: [
      ['Binatone 1.7L electric kettle', 24900, 'kettle'],
      ['Kenwood 1.5L blender with grinder', 58000, 'blender'],
      ['Silver Crest 3-in-1 blender 2L', 41500, 'blender'],
      ['Non-stick pot set (5 pieces)', 46500, 'pot'],
      ['Stainless steel cooking pot 10L', 32000, 'pot'],
      ['Master Chef yam pounder', 72000, 'blender'],
      ['Century 2.2L cordless kettle', 19500, 'kettle'],
      ['Thermocool rice cooker 1.8L', 44900, 'pot'],
      ['Cast iron Dutch oven 5L', 68000, 'pot'],
      ['Ceramic stovetop kettle 2L', 23500, 'kettle'],
      ['Haier Thermocool hand blender', 29500, 'blender'],
    ],
    variants: ['Red', 'Black'],
  },
  {
    name: 'Groceries',
    color: '#1a7f37',
    products: [
      ['Mama’s Pride parboiled rice 25kg', 78000, 'sack'],
      ['Mama Gold rice 50kg', 152000, 'sack'],
      ['Golden Penny Semovita 10kg', 18500, 'sack'],
      ['Ijebu garri 5kg', 7200, 'sack'],
      ['Honey beans (oloyin) 5kg', 11500, 'sack'],
      ['Power Oil vegetable oil 5L', 16500, 'jerrycan'],
      ['Red palm oil 4L', 9800, 'jerrycan'],
      ['Indomie chicken noodles (carton of 40)', 11900, 'grocerybag'],
      ['Fresh market basket: tomatoes, peppers, onions', 8500, 'grocerybag'],
      ['Milo refill 1kg', 9600, 'grocerybag'],
      ['Peak full cream milk powder 900g', 12800, 'grocerybag'],
    ],
    variants: ['Family pack', 'Value pack'],
  },
  {
    name: 'Baby Products',
    color: '#8250df',
    products: [
      ['Molfix diapers size 4 jumbo (64)', 18900, 'teddy'],
      ['Pampers Premium Care size 3 (78)', 26500, 'teddy'],
      ['Huggies baby wipes (pack of 3)', 6400, 'jar'],
      ['Philips Avent feeding bottles (set of 3)', 21000, 'bottle'],
      ['Nestlé Cerelac maize 1kg', 9800, 'grocerybag'],
      ['Soft plush teddy bear 40cm', 12500, 'teddy'],
      ['Johnson’s baby lotion 500ml', 5600, 'bottle'],
      ['Mothercare baby bath set', 16500, 'jar'],
      ['Cotton baby romper set (3)', 14000, 'shirt'],
      ['Chicco baby shampoo 200ml', 7900, 'bottle'],
      ['Musical stacking toy', 9500, 'teddy'],
    ],
    variants: ['0–6 months', '6–12 months'],
  },
  {
    name: 'Sporting Goods',
    color: '#0a7ea4',
    products: [
      ['Adidas match football size 5', 28500, 'ball'],
      ['Nike Strike training football', 19500, 'ball'],
      ['Super Eagles home jersey 2024', 32000, 'shirt'],
      ['Adjustable dumbbell set 20kg', 48000, 'dumbbell'],
      ['Hex dumbbells 10kg (pair)', 36500, 'dumbbell'],
      ['Puma running shoes', 64000, 'shoe'],
      ['Molten basketball size 7', 26000, 'ball'],
      ['Spalding volleyball', 17500, 'ball'],
      ['Kettlebell 12kg', 29000, 'dumbbell'],
      ['Nike Dri-FIT training tee', 21500, 'shirt'],
      ['Everlast boxing gloves 12oz', 34500, 'ball'],
    ],
    variants: ['Blue', 'Green'],
  },
  {
    name: 'Automobile',
    color: '#57606a',
    products: [
      ['Exide car battery 75Ah', 115000, 'battery'],
      ['Bosch S4 car battery 60Ah', 98000, 'battery'],
      ['Michelin Primacy 4 tyre 205/55 R16', 148000, 'tyre'],
      ['Westlake tyre 195/65 R15', 78000, 'tyre'],
      ['Total Quartz 7000 engine oil 4L', 32500, 'jerrycan'],
      ['Mobil Super 2000 engine oil 4L', 29800, 'jerrycan'],
      ['Car jump starter 1000A', 68000, 'battery'],
      ['Bridgestone Ecopia tyre 185/65 R14', 85500, 'tyre'],
      ['Coolant 4L', 9500, 'jerrycan'],
      ['Brake fluid DOT 4 500ml', 4800, 'bottle'],
      ['Dunlop tyre 215/60 R17', 132000, 'tyre'],
    ],
    variants: ['Standard', 'Premium'],
  },
  {
    name: 'Books & Stationery',
    color: '#9a6700',
    products: [
      ['Things Fall Apart – Chinua Achebe', 5500, 'book'],
      ['Half of a Yellow Sun – Chimamanda Adichie', 8500, 'book'],
      ['Stay With Me – Ayọ̀bámi Adébáyọ̀', 7500, 'book'],
      ['WAEC past questions & answers (Mathematics)', 3500, 'book'],
      ['Casio fx-991ES Plus scientific calculator', 18500, 'calculator'],
      ['Casio MJ-12D desktop calculator', 9500, 'calculator'],
      ['Exercise books 80 leaves (pack of 20)', 6800, 'book'],
      ['Oxford Advanced Learner’s Dictionary', 24500, 'book'],
      ['A4 hardcover notebook 200 pages', 3200, 'book'],
      ['The Secret Lives of Baba Segi’s Wives', 7800, 'book'],
      ['Graphing calculator', 42000, 'calculator'],
    ],
    variants: ['Paperback', 'Hardcover'],
  },
  {
    name: 'Gaming',
    color: '#cf222e',
    products: [
      ['Sony PlayStation 5 Slim 1TB', 865000, 'gamepad'],
      ['DualSense wireless controller', 89000, 'gamepad'],
      ['Xbox Series S 512GB', 465000, 'gamepad'],
      ['Xbox wireless controller', 72000, 'gamepad'],
      ['Nintendo Switch OLED', 520000, 'gamepad'],
      ['HyperX Cloud II gaming headset', 98000, 'headset'],
      ['Razer BlackShark V2 X headset', 68000, 'headset'],
      ['EA Sports FC 25 (PS5)', 55000, 'gamepad'],
      ['Logitech G435 wireless headset', 79000, 'headset'],
      ['8BitDo Pro 2 controller', 64500, 'gamepad'],
      ['PS5 charging station', 28000, 'gamepad'],
    ],
    variants: ['White', 'Midnight Black'],
  },
  {
    name: 'Jewelry & Watches',
    color: '#b08800',
    products: [
      ['Edo coral bead necklace set', 68000, 'necklace'],
      ['18k gold-plated Cuban chain', 45000, 'necklace'],
      ['Casio MTP-V002 leather strap watch', 38500, 'watch'],
      ['Oraimo Watch 4 Plus smartwatch', 42000, 'watch'],
      ['Fossil Grant chronograph watch', 265000, 'watch'],
      ['Brass cowrie anklet', 6500, 'necklace'],
      ['Waist beads (set of 3)', 5500, 'necklace'],
      ['Casio G-Shock GA-2100', 185000, 'watch'],
      ['Sterling silver pendant', 28500, 'necklace'],
      ['Curren steel bracelet watch', 32000, 'watch'],
      ['Gold-plated hoop earrings', 12500, 'necklace'],
    ],
    variants: ['Gold', 'Silver'],
  },
  {
    name: 'Garden & Outdoors',
    color: '#2da44e',
    products: [
      ['Sumec Firman SPG3000 generator 2.5kVA', 385000, 'generator'],
      ['Elepaq EC6800 generator 3.5kVA', 485000, 'generator'],
      ['Tiger TG950 generator 0.8kVA', 98000, 'generator'],
      ['Potted snake plant (sansevieria)', 12500, 'plant'],
      ['Areca palm in clay pot', 24000, 'plant'],
      ['Aloe vera plant', 6500, 'plant'],
      ['Plastic garden chairs (set of 4)', 36000, 'chair'],
      ['Folding camping chair', 19500, 'chair'],
      ['Rattan outdoor armchair', 78000, 'chair'],
      ['Ceramic flower pot 30cm', 9800, 'plant'],
      ['Lutian 2.8kVA generator', 295000, 'generator'],
    ],
    variants: ['Green', 'Terracotta'],
  },
];

/** Vendors who own the demo products (the demo vendor account is one of them). */
export const VENDOR_SEEDS = [
  { email: 'vendor@jara.local', name: 'Emeka Balogun Stores', city: 'Onitsha' },
  { email: 'kemi.adebayo@jara.local', name: 'Kemi Adebayo Fashion House', city: 'Lagos' },
  { email: 'musa.gadgets@jara.local', name: 'Musa Ibrahim Gadgets', city: 'Kano' },
  { email: 'ngozi.home@jara.local', name: 'Ngozi Okeke Home Essentials', city: 'Enugu' },
  { email: 'tunde.market@jara.local', name: 'Tunde Bakare Market', city: 'Ibadan' },
];

/** Demo shoppers whose reviews give products their ratings (they have no password and cannot log in). */
export const REVIEWER_NAMES = [
  'Adaeze Nwosu',
  'Bola Ogunleye',
  'Chinedu Eze',
  'Damilola Ajayi',
  'Efe Omoregie',
  'Fatima Bello',
  'Garba Yusuf',
  'Halima Sani',
  'Ifeanyi Obi',
  'Jumoke Alade',
  'Kelechi Nnamdi',
  'Lola Ogunbiyi',
];

export const REVIEW_COMMENTS = [
  'Original product, delivered to Lekki in two days.',
  'Good value for the money. Would buy again.',
  'Exactly as described. Seller was responsive.',
  'Packaging could be better but the item is fine.',
  'Quality is top notch. Highly recommended!',
  'Arrived late but works well.',
  'My family loves it.',
  'Not bad for the price.',
];
