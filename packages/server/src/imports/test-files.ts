/*
 * Product files as the three shops export them (test code only), written from each format's
 * documentation: quoting, descriptions over several lines, umlauts, variants spread over rows, image rows.
 */

const SHOPIFY_HEADER =
  'Handle,Title,Body (HTML),Vendor,Product Category,Type,Tags,Published,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Option3 Name,Option3 Value,Variant SKU,Variant Grams,Variant Inventory Tracker,Variant Inventory Qty,Variant Inventory Policy,Variant Fulfillment Service,Variant Price,Variant Compare At Price,Variant Requires Shipping,Variant Taxable,Variant Barcode,Image Src,Image Position,Image Alt Text,Gift Card,SEO Title,SEO Description,Variant Image,Variant Weight Unit,Variant Tax Code,Cost per item,Status';

/** A T-shirt in 2 sizes × 2 colours (4 rows, one sold cheaper), 2 images; a mug without options. */
export function shopifyFile(
  images: { shirt: string[]; mug: string } = {
    shirt: ['https://cdn.example.com/shirt-front.jpg', 'https://cdn.example.com/shirt-back.jpg'],
    mug: 'https://cdn.example.com/tasse.jpg',
  },
): string {
  return [
    SHOPIFY_HEADER,
    `bio-t-shirt,Bio-T-Shirt „Grün“,"<p>Weiches T-Shirt aus Bio-Baumwolle.</p>
<p>Größen: S–M, ""fair"" genäht.</p>
<script>alert(1)</script>",Käthe & Söhne,Apparel & Accessories > Clothing,"Kleidung, Sommer","bio, baumwolle, öko",TRUE,Größe,S,Farbe,Grün,,,SHIRT-S-GRUEN,180,shopify,5,deny,manual,24.90,29.90,TRUE,TRUE,,${images.shirt[0]},1,Vorderseite,FALSE,,,,kg,,,active`,
    `bio-t-shirt,,,,,,,,,S,,Weiß,,,SHIRT-S-WEISS,180,shopify,0,deny,manual,24.90,,TRUE,TRUE,,${images.shirt[1]},2,Rückseite,,,,,kg,,,`,
    'bio-t-shirt,,,,,,,,,M,,Grün,,,SHIRT-M-GRUEN,200,shopify,12,deny,manual,24.90,29.90,TRUE,TRUE,,,,,,,,,kg,,,',
    'bio-t-shirt,,,,,,,,,M,,Weiß,,,SHIRT-M-WEISS,200,shopify,3,deny,manual,"26.50",,TRUE,TRUE,,,,,,,,,kg,,,',
    `kaffeetasse,Kaffeetasse,"Steingut, spülmaschinenfest.",Käthe & Söhne,,Küche,tasse,TRUE,Title,Default Title,,,,,TASSE-1,350,,,deny,manual,12.00,,TRUE,TRUE,,${images.mug},1,,FALSE,,,,kg,,,active`,
  ].join('\r\n');
}

export const WOOCOMMERCE_FILE = [
  'ID,Type,SKU,Name,Published,"Is featured?","Visibility in catalog","Short description",Description,"Date sale price starts","Date sale price ends","Tax status","Tax class","In stock?",Stock,"Low stock amount","Backorders allowed?","Sold individually?","Weight (kg)","Length (cm)","Width (cm)","Height (cm)","Allow customer reviews?","Purchase note","Sale price","Regular price",Categories,Tags,"Shipping class",Images,Parent,"Attribute 1 name","Attribute 1 value(s)","Attribute 1 visible","Attribute 1 global","Attribute 2 name","Attribute 2 value(s)","Attribute 2 visible","Attribute 2 global"',
  '101,variable,PULLI,Strickpulli Ärmel lang,1,0,visible,"Warm.","<p>Aus Schurwolle.</p>\\n<p>Handwäsche.</p>",,,taxable,,1,,,0,0,0.45,,,,1,,,,"Kleidung > Pullover, Winter","wolle, warm",,"https://cdn.example.com/pulli.jpg, https://cdn.example.com/pulli-2.jpg",,Größe,"S, M",1,1,Material,Schurwolle,1,0',
  '102,variation,PULLI-S,Strickpulli Ärmel lang - S,1,0,visible,,,,,taxable,parent,1,4,,0,0,0.45,,,,0,,"49,90",59.90,,,,,id:101,Größe,S,,1,,,,',
  '103,variation,PULLI-M,Strickpulli Ärmel lang - M,1,0,visible,,,,,taxable,parent,1,0,,0,0,0.5,,,,0,,,59.90,,,,,PULLI,Größe,M,,1,,,,',
  '104,"simple, virtual",KURS,Strickkurs (2 Std.),1,0,visible,,Ein Kurs in unserem Laden.,,,taxable,,1,,,0,0,,,,,1,,,35,Kurse,,,,,,,,,,,,',
].join('\n');

export const SQUARESPACE_FILE = [
  'Product ID [Non Editable],Variant ID [Non Editable],Product Type [Non Editable],Product Page,Product URL,Title,Description,SKU,Option Name 1,Option Value 1,Option Name 2,Option Value 2,Option Name 3,Option Value 3,Price,Sale Price,On Sale,Stock,Categories,Tags,Weight,Length,Width,Height,Visible,Hosted Image URLs',
  '5f1a,7c01,PHYSICAL,shop,leinen-schuerze,Leinenschürze,"<p>Schürze aus Leinen,</p>\n<p>mit Tasche.</p>",SCH-NATUR,Farbe,Natur,,,,,39.00,29.00,Yes,7,"Küche, Textil",leinen,0.3,0,0,0,Yes,https://cdn.example.com/schuerze.jpg https://cdn.example.com/schuerze-2.jpg',
  '5f1a,7c02,,,,,,SCH-ANTHRAZIT,Farbe,Anthrazit,,,,,39.00,0,No,Unlimited,,,0.3,0,0,0,,',
  '6a2b,8d01,SERVICE,shop,naehberatung,Nähberatung,Eine Stunde Beratung.,BERATUNG,,,,,,,60.00,0,No,Unlimited,Service,,0,0,0,0,Yes,',
].join('\n');

const SHOPIFY_CUSTOMERS_HEADER =
  'Customer ID,First Name,Last Name,Email,Accepts Email Marketing,Default Address Company,Default Address Address1,Default Address Address2,Default Address City,Default Address Province Code,Default Address Country Code,Default Address Zip,Default Address Phone,Phone,Accepts SMS Marketing,Total Spent,Total Orders,Note,Tax Exempt,Tags';

/**
 * Shopify's current customer export, written from its documentation: quoting, a two-line note, umlauts,
 * apostrophe-marked zip and phone cells; and bad rows (no e-mail, an invalid one, an unclear consent, the same
 * address twice, a formula) and an address whose postal code does not fit its country.
 */
export const SHOPIFY_CUSTOMERS_FILE = [
  SHOPIFY_CUSTOMERS_HEADER,
  `7010000000001,Jürgen,Weiß,juergen.weiss@example.de,yes,Weiß & Söhne GmbH,Königstraße 12,"2. OG, links",Stuttgart,,DE,'70173,'+49 711 123456,'+49 711 123456,no,249.80,3,"Kauft gern Geschenke.
Ruft vorher an.",no,"Stammkunde, Großhandel"`,
  "7010000000002,Anna,Schäfer,ANNA@Example.de,no,,Prager Straße 3,,Dresden,,DE,'01067,,,no,0.00,0,,no,",
  '7010000000003,Ohne,Adresse,,yes,,,,,,,,,,no,0.00,0,,no,',
  '7010000000004,Kein,At,kein-at-zeichen.de,yes,,,,,,,,,,no,0.00,0,,no,',
  '7010000000005,Vera,Vielleicht,vera@example.de,vielleicht,,,,,,,,,,no,0.00,0,,no,',
  '7010000000006,Anna,Doppelt,anna@example.de,yes,,,,,,,,,,no,0.00,0,,no,',
  '7010000000007,Eva,Formel,eva@example.de,yes,,,,,,,,,,no,0.00,0,"=HYPERLINK(""http://x.example"")",no,',
  '7010000000008,Bernd,Berlin,bernd@example.de,yes,,Unter den Linden 1,,Berlin,,DE,123,,,no,0.00,0,,no,',
  "7010000000009,Nora,York,nora@example.com,true,,5th Avenue 1,,New York,NY,US,10001,,'+1 212 555 0100,no,12.00,1,,no,VIP",
].join('\r\n');
