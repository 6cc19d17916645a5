//! Boards as pictures in emails. Mail clients do not show SVG, so the SVG an engine draws of the
//! recipient's own view is rasterised to a PNG that the HTML part shows inline (the text part keeps the
//! ASCII board).
//!
//! Text in the pictures (piece names, seat names, Japanese labels) is drawn with the fonts installed on the
//! server: the pictures ask for Noto Sans / Noto Sans CJK JP (Debian: `fonts-noto-core`, `fonts-noto-cjk`)
//! and fall back to any sans-serif font; a character no installed font has is left out.

use std::sync::{Arc, OnceLock};

use resvg::tiny_skia;
use resvg::usvg;

/// Pixels per SVG unit: sharp on high-density screens (the HTML shows the picture at its SVG size) ...
const SCALE: f32 = 2.0;
/// ... up to this width in pixels: twice the widest an email's text column shows it, and a picture of a
/// large map stays a few hundred kilobytes.
const MAX_WIDTH_PX: f32 = 1280.0;
/// ... and this many pixels in all (a tall map would otherwise make a megabyte of email).
const MAX_PIXELS: f32 = 1_200_000.0;
/// The largest picture sent, in pixels on either side: boards are far smaller; this only bounds the memory
/// a broken drawing could take.
const MAX_SIDE_PX: u32 = 4096;

/// A board drawn for an email.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    pub png: Vec<u8>,
    /// The size to show it at in CSS pixels (that of the SVG).
    pub width: u32,
    pub height: u32,
}

#[derive(Debug, thiserror::Error)]
pub enum PictureError {
    #[error("the board's SVG cannot be read: {0}")]
    Svg(#[from] usvg::Error),
    #[error("the board would be {0}×{1} pixels, more than {MAX_SIDE_PX} on a side")]
    TooLarge(u32, u32),
    #[error("cannot encode the board as PNG: {0}")]
    Png(String),
}

/// The installed fonts, read once per process (reading them takes a while; the files are mapped, not
/// copied, so they cost little memory).
fn fonts() -> Arc<usvg::fontdb::Database> {
    static FONTS: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = usvg::fontdb::Database::new();
            db.load_system_fonts();
            // The generic families default to Windows fonts (Arial, Courier New): name installed ones, first
            // those that also cover Japanese. Characters a font lacks are taken from any font that has them.
            let installed = |wanted: &[&'static str]| {
                wanted.iter().copied().find(|w| db.faces().any(|f| f.families.iter().any(|(name, _)| name == w)))
            };
            let sans = installed(&["Noto Sans CJK JP", "Noto Sans", "DejaVu Sans", "Liberation Sans"]);
            let mono = installed(&["Noto Sans Mono CJK JP", "DejaVu Sans Mono", "Liberation Mono"]);
            if let Some(family) = sans {
                db.set_sans_serif_family(family);
            }
            if let Some(family) = mono {
                db.set_monospace_family(family);
            }
            tracing::debug!(faces = db.len(), ?sans, ?mono, "fonts for board pictures loaded");
            Arc::new(db)
        })
        .clone()
}

/// The families a character missing from the font asked for is taken from first: sans-serif faces that
/// cover Japanese (a monospaced one for monospaced text). Without them usvg takes the first installed face
/// that has the character, which may be a serif one.
fn preferred_fallbacks(monospaced: bool) -> &'static [&'static str] {
    if monospaced { &["Noto Sans Mono CJK JP", "Noto Sans CJK JP"] } else { &["Noto Sans CJK JP"] }
}

fn has_char(db: &usvg::fontdb::Database, face: usvg::fontdb::ID, c: char) -> bool {
    let glyph = |data: &[u8], index| ttf_parser::Face::parse(data, index).ok().and_then(|f| f.glyph_index(c));
    db.with_face_data(face, glyph).flatten().is_some()
}

fn fallback_selector() -> usvg::FallbackSelectionFn<'static> {
    let any_face = usvg::FontResolver::default_fallback_selector();
    Box::new(move |c, used, db| {
        let base = used.first().and_then(|id| db.face(*id)).map(|f| (f.monospaced, f.weight.0, f.style));
        let (monospaced, weight, style) = base.unwrap_or((false, 400, usvg::fontdb::Style::Normal));
        let preferred = preferred_fallbacks(monospaced).iter().find_map(|family| {
            db.faces()
                .filter(|f| !used.contains(&f.id) && f.style == style)
                .filter(|f| f.families.iter().any(|(name, _)| name == family))
                .filter(|f| has_char(db, f.id, c))
                .min_by_key(|f| f.weight.0.abs_diff(weight))
                .map(|f| f.id)
        });
        preferred.or_else(|| any_face(c, used, db))
    })
}

/// Rasterises `svg` on white (a transparent picture disappears in dark-mode mail clients). Takes tens of
/// milliseconds: call it outside any database transaction.
pub fn png_of_svg(svg: &str) -> Result<Picture, PictureError> {
    let font_resolver = usvg::FontResolver {
        select_font: usvg::FontResolver::default_font_selector(),
        select_fallback: fallback_selector(),
    };
    let options = usvg::Options { fontdb: fonts(), font_resolver, ..usvg::Options::default() };
    let tree = usvg::Tree::from_str(svg, &options)?;
    let size = tree.size().to_int_size();
    let (width, height) = (size.width(), size.height());
    let area = (width.max(1) * height.max(1)) as f32;
    let scale = SCALE.min(MAX_WIDTH_PX / width.max(1) as f32).min((MAX_PIXELS / area).sqrt());
    let (w, h) = ((width as f32 * scale).ceil() as u32, (height as f32 * scale).ceil() as u32);
    if w > MAX_SIDE_PX || h > MAX_SIDE_PX {
        return Err(PictureError::TooLarge(w, h));
    }
    let mut pixmap = tiny_skia::Pixmap::new(w, h).ok_or(PictureError::TooLarge(w, h))?;
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(&tree, tiny_skia::Transform::from_scale(scale, scale), &mut pixmap.as_mut());
    let png = pixmap.encode_png().map_err(|e| PictureError::Png(e.to_string()))?;
    Ok(Picture { png, width, height })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SVG: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20" width="40" height="20"><rect x="0" y="0" width="20" height="20" fill="#000"/></svg>"##;

    #[test]
    fn a_drawing_becomes_a_png_twice_its_size_on_white() {
        let picture = png_of_svg(SVG).unwrap();
        assert_eq!((picture.width, picture.height), (40, 20));
        let pixmap = tiny_skia::Pixmap::decode_png(&picture.png).unwrap();
        assert_eq!((pixmap.width(), pixmap.height()), (80, 40));
        let at = |x: u32, y: u32| pixmap.pixel(x, y).unwrap();
        assert_eq!((at(10, 10).red(), at(10, 10).alpha()), (0, 255), "the black square");
        assert_eq!((at(70, 10).red(), at(70, 10).alpha()), (255, 255), "the white background");
        assert_eq!(png_of_svg(SVG).unwrap(), picture, "the same drawing gives the same bytes");
    }

    #[test]
    fn broken_or_overly_tall_drawings_are_refused() {
        assert!(matches!(png_of_svg("<svg"), Err(PictureError::Svg(_))));
        let tall = r#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="5000"/>"#;
        assert!(matches!(png_of_svg(tall), Err(PictureError::TooLarge(20, 10000))));
        let taller = r#"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50000"/>"#;
        assert!(matches!(png_of_svg(taller), Err(PictureError::TooLarge(_, _))));
    }

    #[test]
    fn large_drawings_are_scaled_down_to_at_most_the_pixels_sent() {
        let map = r#"<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800"/>"#;
        let pixmap = tiny_skia::Pixmap::decode_png(&png_of_svg(map).unwrap().png).unwrap();
        assert_eq!((pixmap.width(), pixmap.height()), (949, 1265));
    }

    #[test]
    fn wide_drawings_are_scaled_down_to_the_widest_picture_sent() {
        let wide = r#"<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="100"/>"#;
        let pixmap = tiny_skia::Pixmap::decode_png(&png_of_svg(wide).unwrap().png).unwrap();
        assert_eq!((pixmap.width(), pixmap.height()), (1280, 128));
    }

    /// Dark pixels in the picture of `text` drawn in `family`.
    fn ink(family: &str, text: &str) -> usize {
        let svg = format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="40"><text x="4" y="30" font-size="24" font-family="{family}">{text}</text></svg>"#
        );
        let pixmap = tiny_skia::Pixmap::decode_png(&png_of_svg(&svg).unwrap().png).unwrap();
        pixmap.pixels().iter().filter(|p| p.red() < 128).count()
    }

    #[test]
    fn japanese_missing_from_a_latin_font_is_drawn_in_a_japanese_sans_serif() {
        // Debian: fonts-dejavu-core and fonts-noto-cjk (which also has Noto Serif CJK JP), as `.ci/run` installs.
        let mut db = fonts();
        let face_of = |db: &Arc<usvg::fontdb::Database>, family: &str, monospaced: bool| {
            db.faces()
                .find(|f| {
                    f.monospaced == monospaced && f.weight.0 == 400 && f.families.iter().any(|(n, _)| n == family)
                })
                .map(|f| f.id)
                .unwrap_or_else(|| panic!("{family} is not installed"))
        };
        let family_of = |db: &Arc<usvg::fontdb::Database>, id| db.face(id).unwrap().families[0].0.clone();
        let select = fallback_selector();
        let latin = face_of(&db, "DejaVu Sans", false);
        let chosen = select('士', &[latin], &mut db).expect("a face with the character");
        assert_eq!(family_of(&db, chosen), "Noto Sans CJK JP");
        let latin_mono = face_of(&db, "DejaVu Sans Mono", true);
        let chosen = select('士', &[latin_mono], &mut db).expect("a face with the character");
        assert_eq!(family_of(&db, chosen), "Noto Sans Mono CJK JP");
    }

    #[test]
    fn text_is_drawn_in_latin_and_japanese_with_the_installed_fonts() {
        // The boards ask for fonts by name and fall back to the generic families, which must name fonts
        // that are installed (Debian: fonts-noto-cjk, which `.ci/run` installs).
        for family in ["sans-serif", "monospace", "'No Such Font', sans-serif"] {
            assert!(ink(family, "Tegami 42") > 100, "{family}: Latin text drawn");
            assert!(
                ink(family, "士道盤 右王左王") > 100,
                "{family}: Japanese text drawn (is fonts-noto-cjk installed?)"
            );
        }
    }
}
