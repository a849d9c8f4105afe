/** Demo catalogue for Nigerian shoppers: categories, item templates and naira price ranges. */
export interface CategorySeed {
  name: string;
  color: string;
  /** Naira price range for items in this category. */
  price: [number, number];
  items: string[];
  brands: string[];
}

export const CATEGORY_SEEDS: CategorySeed[] = [
  { name: 'Phones & Tablets', color: '#1f6feb', price: [45000, 950000], items: ['Smartphone 128GB', 'Smartphone 256GB', 'Tablet 10"', 'Power Bank 20000mAh', 'Fast Charger 33W', 'Bluetooth Earbuds', 'Phone Case', 'Screen Protector'], brands: ['Tecno', 'Infinix', 'itel', 'Samsung', 'Xiaomi', 'Oraimo', 'Nokia'] },
  { name: 'Computing', color: '#6e40c9', price: [15000, 1800000], items: ['Laptop 14" Core i5', 'Laptop 15.6" Ryzen 5', 'Wireless Mouse', 'USB-C Hub', 'External SSD 1TB', 'Flash Drive 64GB', 'Laptop Bag', 'Keyboard'], brands: ['HP', 'Lenovo', 'Dell', 'Logitech', 'SanDisk', 'Kingston'] },
  { name: 'Electronics', color: '#0969da', price: [12000, 1200000], items: ['Smart TV 43"', 'Smart TV 55"', 'Soundbar', 'Inverter 2.5kVA', 'Solar Panel 300W', 'Rechargeable Fan', 'Home Theatre', 'Standing Fan'], brands: ['Hisense', 'LG', 'Scanfrost', 'Polystar', 'Nexus', 'Binatone'] },
  { name: 'Fashion', color: '#bf3989', price: [4500, 180000], items: ['Ankara Gown', 'Agbada Set', 'Senator Kaftan', 'Aso Oke Cap', 'Adire Shirt', 'Leather Sandals', 'Sneakers', 'Gele Headtie'], brands: ['Lagos Tailors', 'Aba Made', 'Kano Looms', 'Eko Styles', 'Adire House'] },
  { name: 'Beauty & Health', color: '#d1242f', price: [1500, 65000], items: ['Shea Butter 500g', 'Black Soap', 'Body Lotion', 'Hair Relaxer Kit', 'Braiding Hair', 'Perfume 100ml', 'Vitamin C Serum', 'Toothpaste Pack'], brands: ['Nivea', 'Dudu-Osun', 'Tura', 'Dark & Lovely', 'Arami', 'Oriflame'] },
  { name: 'Home & Kitchen', color: '#bc4c00', price: [3500, 420000], items: ['Blender 1.5L', 'Gas Cooker 4 Burner', 'Rice Cooker', 'Non-stick Pot Set', 'Chest Freezer 200L', 'Electric Kettle', 'Yam Pounder', 'Dinner Set 24pcs'], brands: ['Binatone', 'Master Chef', 'Thermocool', 'Haier', 'Century', 'Kenwood'] },
  { name: 'Groceries', color: '#1a7f37', price: [1200, 95000], items: ['Ofada Rice 10kg', 'Golden Penny Semovita 5kg', 'Palm Oil 4L', 'Garri Ijebu 5kg', 'Honey Beans 5kg', 'Indomie Carton', 'Milo Refill 1kg', 'Groundnut Oil 5L'], brands: ['Mama Gold', 'Dangote', 'Honeywell', 'Power Oil', 'Nestlé', 'Farm Fresh'] },
  { name: 'Baby Products', color: '#8250df', price: [2500, 120000], items: ['Diapers Jumbo Pack', 'Baby Wipes', 'Baby Cot', 'Feeding Bottle Set', 'Baby Carrier', 'Cerelac 1kg', 'Baby Bath Set', 'Stroller'], brands: ['Molfix', 'Pampers', 'Huggies', 'Mothercare', 'Nestlé', 'Chicco'] },
  { name: 'Sporting Goods', color: '#0a7ea4', price: [3000, 350000], items: ['Football Size 5', 'Treadmill', 'Dumbbell Set 20kg', 'Jersey Super Eagles', 'Yoga Mat', 'Skipping Rope', 'Boxing Gloves', 'Bicycle 26"'], brands: ['Adidas', 'Nike', 'Puma', 'Everlast', 'Eko Sports'] },
  { name: 'Automobile', color: '#57606a', price: [2500, 280000], items: ['Car Battery 75Ah', 'Engine Oil 4L', 'Tyre 205/55 R16', 'Car Vacuum', 'Seat Covers', 'Dashcam', 'Jump Starter', 'Wiper Blades'], brands: ['Exide', 'Total', 'Mobil', 'Michelin', 'Bosch', 'Innoson'] },
  { name: 'Books & Stationery', color: '#9a6700', price: [1000, 45000], items: ['Things Fall Apart', 'Half of a Yellow Sun', 'WAEC Past Questions', 'Exercise Books (20)', 'Scientific Calculator', 'School Bag', 'Ballpoint Pens (50)', 'Notebook A4'], brands: ['Heinemann', 'Farafina', 'Cassava Republic', 'Casio', 'Bic', 'Ouida'] },
  { name: 'Gaming', color: '#cf222e', price: [8000, 850000], items: ['PlayStation 5', 'Xbox Series S', 'Game Controller', 'Gaming Headset', 'EA FC 25', 'Gaming Chair', 'Nintendo Switch', 'Mechanical Keyboard'], brands: ['Sony', 'Microsoft', 'Nintendo', 'Razer', 'HyperX', 'EA Sports'] },
  { name: 'Jewelry & Watches', color: '#b08800', price: [3500, 550000], items: ['Coral Beads Set', 'Gold Chain 18k', 'Wristwatch Leather', 'Smartwatch', 'Earrings', 'Bangle Set', 'Brass Anklet', 'Signet Ring'], brands: ['Casio', 'Fossil', 'Oraimo', 'Benin Artisans', 'Lagos Gold'] },
  { name: 'Garden & Outdoors', color: '#2da44e', price: [2000, 300000], items: ['Generator 3.5kVA', 'Lawn Mower', 'Garden Hose 30m', 'Plastic Chairs (4)', 'Water Tank 1000L', 'Canopy Tent', 'Wheelbarrow', 'Solar Flood Light'], brands: ['Sumec Firman', 'Elepaq', 'Geepas', 'Vitaplast', 'Eko Garden'] },
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
  'Adaeze Nwosu', 'Bola Ogunleye', 'Chinedu Eze', 'Damilola Ajayi', 'Efe Omoregie', 'Fatima Bello',
  'Garba Yusuf', 'Halima Sani', 'Ifeanyi Obi', 'Jumoke Alade', 'Kelechi Nnamdi', 'Lola Ogunbiyi',
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
