// The playground's presets: one request each (the description, the viewport and the view's options),
// showing the classic effects of docs/parallax.md and the layout modes of docs/flow-layout.md.

/** Tag-like items of varied widths: the same list every time. */
function tags(count, height = 32) {
  const widths = [64, 88, 52, 120, 76, 98, 58, 140, 70, 104, 46, 84];
  return Array.from({ length: count }, (_, index) => ({ width: widths[index % widths.length] + (index % 5) * 6, height: height + (index % 3) * 6 }));
}

/** Photos of varied aspect ratios, a banner across the columns every 40th: the same list every time. */
function photos(count) {
  const ratios = [[4, 3], [3, 4], [1, 1], [16, 9], [2, 3], [9, 16], [3, 2], [5, 4]];
  return Array.from({ length: count }, (_, index) => {
    if (index % 40 === 39) return { width: 390, height: 90, fullSpan: true };
    const [width, height] = ratios[(index * 5 + (index >> 2)) % ratios.length];
    return { width: width * 100, height: height * 100 };
  });
}

export const presets = {
  'center-grid': {
    title: 'Centre-distance grid',
    note: 'Ole Begemann’s model: each image moves by its distance to the viewport’s centre, ±30 at the edges.',
    request: {
      viewport: { width: 390, height: 700 },
      layout: {
        itemSize: { width: 118, height: 160 }, minimumInteritemSpacing: 9, minimumLineSpacing: 9,
        sectionInset: { top: 9, left: 9, bottom: 9, right: 9 },
      },
      itemCount: 600,
      parallax: { model: 'center', maxOffset: 30 },
      scale: 2,
    },
  },
  whatsapp: {
    title: 'WhatsApp-style image cells under bars',
    note: 'Roland Leth’s preset: cover progress inside the bars’ insets, the image part only (60 points of text below).',
    bars: true,
    request: {
      viewport: { width: 390, height: 760 },
      contentInset: { top: 91, bottom: 83 },
      layout: { itemSize: { width: 390, height: 300 }, minimumLineSpacing: 12 },
      itemCount: 200,
      parallax: { model: 'whatsAppImage', imageOverflow: 60, insets: 'contentInset', targetInset: { bottom: 60 } },
      scale: 3,
    },
  },
  'table-cell': {
    title: 'Table-cell parallax',
    note: 'Krishan Patel’s preset: clamped cover progress, the image moving against the scroll by up to the factor.',
    request: {
      viewport: { width: 390, height: 700 },
      layout: { itemSize: { width: 390, height: 250 }, minimumLineSpacing: 0 },
      itemCount: 300,
      parallax: { model: 'tableCellImage', factor: 40 },
    },
  },
  'stretchy-header': {
    title: 'Stretchy header',
    note: 'Michael Teeuw’s header: at rest above the content (inset 300), half speed when scrolled, growing when pulled.',
    request: {
      viewport: { width: 390, height: 700 },
      contentInset: { top: 300 },
      layout: { itemSize: { width: 390, height: 88 }, minimumLineSpacing: 1 },
      itemCount: 120,
      parallax: { stretchHeader: { height: 300, factor: 2 } },
    },
  },
  backgrounds: {
    title: 'Overscroll background layers',
    note: 'Path’s layers: each follows the scroll at its rate, and at a slower one when pulled past the top.',
    request: {
      viewport: { width: 390, height: 700 },
      layout: {
        itemSize: { width: 160, height: 110 }, minimumInteritemSpacing: 30, minimumLineSpacing: 90,
        sectionInset: { top: 40, left: 20, bottom: 40, right: 20 },
      },
      itemCount: 120,
      parallax: {
        model: 'center', maxOffset: 10,
        backgrounds: [
          { position: -150, length: 400 },
          { position: 0, length: 700, rate: 0.5, overscrollRate: 0.25 },
          { position: 420, length: 120, rate: 0, overscrollRate: 0 },
        ],
      },
    },
  },
  carousel: {
    title: 'Horizontal carousel',
    note: 'Columns scrolling along x; the centre model runs along x too, clamped to ±40.',
    request: {
      viewport: { width: 390, height: 260 },
      layout: {
        scrollDirection: 'horizontal', itemSize: { width: 240, height: 220 }, minimumLineSpacing: 16,
        sectionInset: { top: 20, left: 20, bottom: 20, right: 20 },
      },
      itemCount: 80,
      parallax: { model: 'center', maxOffset: 40, clamp: true },
      scale: 2,
    },
  },
  'right-to-left': {
    title: 'Right-to-left, pinned headers',
    note: 'Frames mirrored as UIKit mirrors them; headers pinned to the top of the view while their section scrolls.',
    request: {
      viewport: { width: 390, height: 700 },
      layout: {
        itemSize: { width: 110, height: 110 }, minimumInteritemSpacing: 8, minimumLineSpacing: 8,
        sectionInset: { top: 8, left: 12, bottom: 16, right: 12 }, headerReferenceSize: { height: 44 },
        sectionHeadersPinToVisibleBounds: true,
      },
      sections: [{ itemCount: 17 }, { itemCount: 40 }, { itemCount: 25 }, { itemCount: 60 }],
      layoutDirection: 'rightToLeft',
      parallax: { model: 'cover', maxOffset: 14 },
      scale: 3,
    },
  },
  css: {
    title: 'CSS flex-wrap mode',
    note: 'mode "css": space-evenly rows with 8-point gaps, as Chromium lays out flex-wrap: wrap.',
    request: {
      viewport: { width: 390, height: 700 },
      layout: {
        mode: 'css', justifyContent: 'space-evenly', alignItems: 'center', rowGap: 8, columnGap: 8,
        padding: { top: 8, left: 8, bottom: 8, right: 8 },
      },
      items: tags(160, 40),
      parallax: { model: 'center', maxOffset: 6 },
    },
  },
  masonry: {
    title: 'Masonry waterfall: columns that stay put',
    note: 'Photos of varied aspect ratios in three columns, shortest first, a banner across them every 40th. '
      + '“Measure cells” gives cells in view new sizes with keepColumns: what is below slides, nothing changes column.',
    measures: true,
    request: {
      viewport: { width: 390, height: 700 },
      layout: {
        masonry: { columns: 3, columnSpacing: 6 }, minimumLineSpacing: 6,
        sectionInset: { top: 6, left: 6, bottom: 6, right: 6 }, headerReferenceSize: { height: 40 },
        sectionHeadersPinToVisibleBounds: true,
      },
      sections: [{ items: photos(300) }, { items: photos(160) }],
      parallax: { model: 'center', maxOffset: 12 },
      scale: 3,
    },
  },
  compositional: {
    title: 'Compositional sections',
    note: 'UICollectionViewCompositionalLayout (docs/flow-layout.md §23): a header, a large tile beside two small ones, '
      + 'a row of three with count, self-sizing cards (estimated heights, some measured) on a section background.',
    request: {
      viewport: { width: 390, height: 700 },
      layout: { interSectionSpacing: 16 },
      sections: [
        {
          itemCount: 30,
          compositional: {
            header: { width: { fractionalWidth: 1 }, height: { absolute: 40 }, pinToVisibleBounds: true },
            contentInsets: { leading: 8, trailing: 8 },
            group: {
              direction: 'horizontal', width: { fractionalWidth: 1 }, height: { fractionalWidth: 0.5 },
              subitems: [
                { width: { fractionalWidth: 0.6 }, height: { fractionalHeight: 1 }, contentInsets: { top: 3, leading: 3, bottom: 3, trailing: 3 } },
                {
                  group: {
                    direction: 'vertical', width: { fractionalWidth: 0.4 }, height: { fractionalHeight: 1 }, count: 2,
                    subitems: [{ width: { fractionalWidth: 1 }, height: { absolute: 1 }, contentInsets: { top: 3, leading: 3, bottom: 3, trailing: 3 } }],
                  },
                },
              ],
            },
          },
        },
        {
          itemCount: 60,
          compositional: {
            contentInsets: { top: 8, leading: 8, bottom: 8, trailing: 8 }, interGroupSpacing: 6,
            group: {
              direction: 'horizontal', width: { fractionalWidth: 1 }, height: { absolute: 90 }, count: 3,
              interItemSpacing: { fixed: 6 }, subitems: [{ width: { absolute: 1 }, height: { fractionalHeight: 1 } }],
            },
          },
        },
        {
          items: Array.from({ length: 80 }, (_, index) => (index % 3 === 1 ? { width: 358, height: 90 + (index % 7) * 20 } : {})),
          compositional: {
            header: { width: { fractionalWidth: 1 }, height: { absolute: 40 }, pinToVisibleBounds: true },
            background: { contentInsets: { leading: 4, trailing: 4 } },
            contentInsets: { top: 12, leading: 16, bottom: 12, trailing: 16 }, interGroupSpacing: 10,
            group: {
              direction: 'vertical', width: { fractionalWidth: 1 }, height: { estimated: 120 },
              subitems: [{ width: { fractionalWidth: 1 }, height: { estimated: 120 } }],
            },
          },
        },
      ],
      parallax: { model: 'center', maxOffset: 10 },
      scale: 3,
    },
  },
  'app-store': {
    title: 'App Store: carousels that page',
    note: 'Featured cards paging centred, their images in parallax along the row, shrinking and fading away from its centre; '
      + 'apps three high paging by group; self-sizing cards on backgrounds under pinned headers. Drag or wheel sideways on a row.',
    request: {
      viewport: { width: 390, height: 700 },
      layout: { interSectionSpacing: 12 },
      sections: [
        {
          itemCount: 12,
          compositional: {
            orthogonalScrolling: 'groupPagingCentered', interGroupSpacing: 12, contentInsets: { top: 12, bottom: 12 },
            header: { width: { fractionalWidth: 1 }, height: { absolute: 44 }, pinToVisibleBounds: true },
            group: {
              direction: 'horizontal', width: { fractionalWidth: 0.82 }, height: { absolute: 230 },
              subitems: [{ width: { fractionalWidth: 1 }, height: { fractionalHeight: 1 } }],
            },
          },
        },
        {
          itemCount: 30,
          compositional: {
            orthogonalScrolling: 'groupPaging', interGroupSpacing: 10, contentInsets: { leading: 16, trailing: 16, bottom: 8 },
            header: { width: { fractionalWidth: 1 }, height: { absolute: 44 }, pinToVisibleBounds: true },
            group: {
              direction: 'vertical', width: { fractionalWidth: 0.85 }, height: { absolute: 222 }, count: 3,
              interItemSpacing: { fixed: 6 }, subitems: [{ width: { fractionalWidth: 1 }, height: { absolute: 1 } }],
            },
          },
        },
        {
          items: Array.from({ length: 60 }, (_, index) => (index % 4 === 2 ? {} : { width: 358, height: 110 + (index % 5) * 24 })),
          compositional: {
            header: { width: { fractionalWidth: 1 }, height: { absolute: 44 }, pinToVisibleBounds: true },
            background: { contentInsets: { leading: 6, trailing: 6 } },
            contentInsets: { top: 12, leading: 16, bottom: 12, trailing: 16 }, interGroupSpacing: 10,
            group: {
              direction: 'vertical', width: { fractionalWidth: 1 }, height: { estimated: 140 },
              subitems: [{ width: { fractionalWidth: 1 }, height: { estimated: 140 } }],
            },
          },
        },
      ],
      parallax: { model: 'center', maxOffset: 24, carousel: { minScale: 0.86, minAlpha: 0.55 } },
      scale: 3,
    },
  },
  alignments: {
    title: 'Line alignments',
    note: 'lineAlignment "leading" with exact spacing, items bottom-aligned in each line; pinned headers.',
    request: {
      viewport: { width: 390, height: 700 },
      layout: {
        lineAlignment: 'leading', crossAlignment: 'end', minimumInteritemSpacing: 8, minimumLineSpacing: 10,
        sectionInset: { top: 10, left: 12, bottom: 20, right: 12 }, headerReferenceSize: { height: 36 },
        sectionHeadersPinToVisibleBounds: true,
      },
      sections: [{ items: tags(40) }, { items: tags(60) }, { items: tags(80) }],
      parallax: { model: 'center', maxOffset: 4 },
    },
  },
};
