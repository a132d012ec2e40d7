/** Pixel size of an image file, read in the browser before it is uploaded. */
export function readImageSize(file: Blob): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      resolve({ width: img.naturalWidth, height: img.naturalHeight });
      URL.revokeObjectURL(url);
    };
    img.onerror = () => {
      reject(new Error('This file could not be read as an image'));
      URL.revokeObjectURL(url);
    };
    img.src = url;
  });
}

export const ICON_MIN = 256;
export const ICON_SIZE_MESSAGE = 'The icon must be a square image of at least 256x256 pixels';

/** The icon rule of section 5: square and at least 256x256. */
export const isValidIconSize = ({ width, height }: { width: number; height: number }) =>
  width === height && width >= ICON_MIN;
