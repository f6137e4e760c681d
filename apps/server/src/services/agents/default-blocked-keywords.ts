/**
 * The keyword list a new site starts with, until an operator saves their own (which replaces
 * it: the keyword screen shows this list to extend, and an empty list switches keywords off).
 * It keeps out of public agents what the site's audience meets most: investment scams and
 * promised returns, gambling, drugs, weapons and abuse, in the site's languages.
 *
 * Phrases, not topics: an agent may explain leverage, risk or how a scam works; one that
 * promises "guaranteed profit" or runs a "稳赚不赔内幕群" may not be published. CJK, Cyrillic and
 * Hangul entries match anywhere in a text, Latin ones as whole words (content-check.ts), so
 * short Cyrillic or Hangul roots that sit inside ordinary words are left out.
 */
export const defaultBlockedKeywords: readonly string[] = [
  // investment scams and promised returns
  '稳赚不赔', '穩賺不賠', '保本保息', '保本保收益', '保证收益', '保證收益', '保证盈利', '保證盈利', '包赚', '包賺',
  '零风险高收益', '零風險高收益', '内幕消息', '內幕消息', '内幕群', '內幕群', '喊单群', '喊單群', '带单老师', '帶單老師',
  '代客理财', '代客理財', '资金盘', '資金盤', '杀猪盘', '殺豬盤', '拉人头', '拉人頭', '日赚千元', '日賺千元', '翻倍收益',
  'guaranteed profit', 'guaranteed profits', 'guaranteed returns', 'guaranteed return', 'risk-free profit', 'risk free profit',
  'double your money', 'insider signals', 'pump and dump', 'ponzi scheme',
  'ganancias garantizadas', 'rentabilidad garantizada', 'sin riesgo garantizado', 'duplica tu dinero',
  'гарантированная прибыль', 'гарантированный доход', 'прибыль без риска', 'удвоим ваш депозит',
  '수익 보장', '원금 보장', '무위험 고수익', '리딩방',
  'lợi nhuận đảm bảo', 'cam kết lợi nhuận', 'x2 tài khoản',
  // gambling
  '网络赌博', '網路賭博', '网上赌场', '網上賭場', '博彩平台', '百家乐', '百家樂', '六合彩', '时时彩', '時時彩', '赌球', '賭球',
  'online casino', 'sports betting', 'casino bonus',
  'casino en línea', 'apuestas deportivas',
  'онлайн-казино', 'онлайн казино', 'ставки на спорт',
  '온라인 카지노', '토토사이트', '바카라',
  'cá độ', 'sòng bạc trực tuyến', 'nhà cái',
  // drugs
  '冰毒', '海洛因', '可卡因', '摇头丸', '搖頭丸', 'K粉', '大麻出售',
  'cocaine', 'heroin', 'methamphetamine', 'buy weed', 'fentanyl',
  'cocaína', 'heroína', 'metanfetamina',
  'кокаин', 'героин', 'метамфетамин', 'купить наркотики',
  '필로폰', '코카인', '헤로인', '마약 판매',
  'ma túy', 'thuốc lắc',
  // weapons
  '枪支出售', '槍支出售', '买枪', '買槍', '出售枪支', '出售槍支', '炸药配方', '炸藥配方', '仿真枪', '仿真槍',
  'guns for sale', 'buy a gun', 'firearms for sale', 'bomb making',
  'venta de armas', 'comprar armas',
  'купить оружие', 'продажа оружия', 'изготовление бомб',
  '총기 판매', '폭탄 제조',
  'mua súng', 'bán súng', 'chế tạo bom',
  // abuse
  '操你妈', '操你媽', '傻逼', '草泥马', '草泥馬', '去死吧', '滚你妈', '滾你媽',
  'fuck you', 'motherfucker', 'kill yourself',
  'hijo de puta', 'mátate',
  'иди на хуй', 'убей себя',
  '씨발', '개새끼', '죽어버려',
  'đụ má', 'địt mẹ', 'đi chết đi',
];
