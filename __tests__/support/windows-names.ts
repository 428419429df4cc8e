// The names Windows reserves for devices, written out from Microsoft's "Naming Files, Paths, and
// Namespaces" (plus the console's CONIN$ and CONOUT$), independently of the code's own pattern,
// and the spellings Windows still takes for them.

const SUPERSCRIPTS = ['\u00b9', '\u00b2', '\u00b3'];
const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

export const WINDOWS_DEVICE_NAMES: readonly string[] = [
  'CON',
  'PRN',
  'AUX',
  'NUL',
  ...[...DIGITS, ...SUPERSCRIPTS].map((n) => `COM${n}`),
  ...[...DIGITS, ...SUPERSCRIPTS].map((n) => `LPT${n}`),
  'CONIN$',
  'CONOUT$',
];

/** The same device: any case, with an extension or two, with trailing dots and spaces. */
export const spellingsOf = (device: string): string[] => [
  device,
  device.toLowerCase(),
  device[0]!.toLowerCase() + device.slice(1),
  `${device}.txt`,
  `${device.toLowerCase()}.tar.gz`,
  `${device}.`,
  `${device} `,
  `${device}. .`,
  `${device} .exe`,
];

/** Names that only look like devices: each is an ordinary file name. */
export const NOT_DEVICES: readonly string[] = [
  'console.exe',
  'CONSOLE',
  'COM10',
  'LPT10',
  `COM${SUPERSCRIPTS[0]}0`,
  'COM',
  'LPT',
  'CONIN',
  'CON$',
  'NULL',
  'nul_',
  '_NUL',
  'AUX-1.0.0.dmg',
  'PRNT.txt',
  'CONOUT$X',
  'xCON',
];
