// The figures page's downloads: the table as CSV (the CLI's), the plot as SVG and as PNG (the SVG
// drawn on a canvas at twice its size).

function download(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function downloadCsv(csv: string, name: string): void {
  download(new Blob([csv], { type: 'text/csv' }), `${name}.csv`);
}

const svgText = (svg: SVGSVGElement) => new XMLSerializer().serializeToString(svg);

export function downloadSvg(svg: SVGSVGElement, name: string): void {
  download(new Blob([svgText(svg)], { type: 'image/svg+xml' }), `${name}.svg`);
}

export async function downloadPng(svg: SVGSVGElement, name: string): Promise<void> {
  const url = URL.createObjectURL(new Blob([svgText(svg)], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = svg.width.baseVal.value * 2;
    canvas.height = svg.height.baseVal.value * 2;
    const ctx = canvas.getContext('2d')!;
    ctx.scale(2, 2);
    ctx.drawImage(img, 0, 0);
    const png = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (png) download(png, `${name}.png`);
  } finally {
    URL.revokeObjectURL(url);
  }
}
