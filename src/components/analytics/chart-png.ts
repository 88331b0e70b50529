/**
 * A chart as a PNG file: the chart's SVG is copied with the colours and fonts the page computed
 * for it written into each element (the copy is drawn outside the page, where the stylesheets do
 * not apply), drawn on a canvas at twice the size under the chart's title, and saved.
 */

const COPIED_STYLES = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'stroke-opacity',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
  'text-anchor',
  'dominant-baseline',
  'visibility',
] as const;

const SCALE = 2;
const TITLE_HEIGHT = 32;

function inlineComputedStyles(source: Element, copy: Element): void {
  const computed = window.getComputedStyle(source);
  const style = COPIED_STYLES.map((name) => `${name}:${computed.getPropertyValue(name)}`)
    .filter((rule) => !rule.endsWith(':'))
    .join(';');
  if (style) copy.setAttribute('style', style);
  const sourceChildren = source.children;
  const copyChildren = copy.children;
  for (let index = 0; index < sourceChildren.length; index += 1) {
    const sourceChild = sourceChildren[index];
    const copyChild = copyChildren[index];
    if (sourceChild && copyChild) inlineComputedStyles(sourceChild, copyChild);
  }
}

/** The SVG as standalone markup with its computed colours, and its size in CSS pixels. */
export function serializeChartSvg(svg: SVGSVGElement): {
  markup: string;
  width: number;
  height: number;
} {
  const box = svg.getBoundingClientRect();
  const width = Math.max(1, Math.round(box.width || Number(svg.getAttribute('width')) || 600));
  const height = Math.max(1, Math.round(box.height || Number(svg.getAttribute('height')) || 300));
  const copy = svg.cloneNode(true) as SVGSVGElement;
  inlineComputedStyles(svg, copy);
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.setAttribute('width', String(width));
  copy.setAttribute('height', String(height));
  return { markup: new XMLSerializer().serializeToString(copy), width, height };
}

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The chart could not be drawn as an image'));
    image.src = url;
  });
}

/** The chart under its title on a solid background, as a PNG blob. */
export async function chartPngBlob(
  svg: SVGSVGElement,
  options: { title: string; background: string; text: string },
): Promise<Blob> {
  const { markup, width, height } = serializeChartSvg(svg);
  const url = URL.createObjectURL(new Blob([markup], { type: 'image/svg+xml;charset=utf-8' }));
  try {
    const image = await loadImage(url);
    const canvas = document.createElement('canvas');
    canvas.width = width * SCALE;
    canvas.height = (height + TITLE_HEIGHT) * SCALE;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot draw images');
    context.scale(SCALE, SCALE);
    context.fillStyle = options.background;
    context.fillRect(0, 0, width, height + TITLE_HEIGHT);
    context.fillStyle = options.text;
    context.font = '600 15px ui-sans-serif, system-ui, sans-serif';
    context.textBaseline = 'middle';
    context.fillText(options.title, 8, TITLE_HEIGHT / 2);
    context.drawImage(image, 0, TITLE_HEIGHT, width, height);
    return await new Promise<Blob>((resolve, reject) => {
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('The image could not be saved'))),
        'image/png',
      );
    });
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** A solid colour for the image: the element's own background, or its nearest ancestor's. */
export function backgroundOf(element: Element | null, fallback: string): string {
  for (let current = element; current; current = current.parentElement) {
    const colour = window.getComputedStyle(current).backgroundColor;
    if (colour && colour !== 'transparent' && colour !== 'rgba(0, 0, 0, 0)') return colour;
  }
  return fallback;
}
