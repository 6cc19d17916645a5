//! Boards as pictures in emails. Mail clients do not show SVG, so the SVG an engine draws of the
//! recipient's own view is rasterised to a PNG that the HTML part shows inline (the text part keeps the
//! ASCII board).
//!
//! Text in the pictures (piece names, seat names, Japanese labels) is drawn with the fonts installed on the
//! server: the pictures ask for Noto Sans / Noto Sans CJK JP (Debian: `fonts-noto-core`, `fonts-noto-cjk`)
//! and fall back to any sans-serif font; a character no installed font has is left out.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use resvg::tiny_skia;
use resvg::usvg;

/// The widest a picture is shown, in CSS pixels: an email's text column (40em) less its padding. A wider
/// drawing is shown (and drawn) smaller.
pub const SHOWN_MAX_WIDTH: f32 = 600.0;
/// Pixels drawn per CSS pixel shown: sharp enough on high-density phone screens at half the weight of 2×.
const DENSITY: f32 = 1.5;
/// At most this many pixels in all (a tall map would otherwise make a heavy email).
const MAX_PIXELS: f32 = 640_000.0;
/// The largest picture sent, in pixels on either side: boards are far smaller; this only bounds the memory
/// a broken drawing could take.
const MAX_SIDE_PX: u32 = 4096;
/// At most this many colours: boards are flat colours, and the edges of text and shapes need the rest.
const PALETTE_SIZE: usize = 128;

/// A board drawn for an email.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    pub png: Vec<u8>,
    /// The size to show it at in CSS pixels (that of the SVG, or less for a drawing wider than
    /// [`SHOWN_MAX_WIDTH`]); the PNG has [`DENSITY`] times as many pixels.
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
            share_face_data(&mut db);
            tracing::debug!(faces = db.len(), ?sans, ?mono, "fonts for board pictures loaded");
            Arc::new(db)
        })
        .clone()
}

/// Maps each font file once, for the life of the process. Otherwise usvg maps a face's file, parses it and
/// unmaps it again for every run of text it draws: that mapping, its page faults and its unmapping were a
/// third of a board picture's time.
#[allow(unsafe_code)]
fn share_face_data(db: &mut usvg::fontdb::Database) {
    let ids: Vec<usvg::fontdb::ID> = db.faces().map(|face| face.id).collect();
    for id in ids {
        // SAFETY: the files are the system's installed fonts, which nothing rewrites in place (a package
        // upgrade installs a new file under the name; the mapping keeps the old one). usvg's own reading maps
        // the same files under the same assumption, only for shorter.
        unsafe {
            db.make_shared_face_data(id);
        }
    }
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

/// The name of the threads that draw the pictures. A picture costs tens of milliseconds, many times a move:
/// named, their CPU is told apart from the blocking pool's (`top -H`, the benchmark's CPU by thread).
pub const DRAWING_THREAD: &str = "tegami-drawing";

type DrawingJob = (String, tokio::sync::oneshot::Sender<Result<Picture, String>>);

/// [`png_of_svg`] on one of the drawing threads (started on first use, one per core).
pub async fn draw(svg: String) -> Result<Picture, String> {
    static QUEUE: OnceLock<std::sync::mpsc::Sender<DrawingJob>> = OnceLock::new();
    let queue = QUEUE.get_or_init(|| {
        let (queue, jobs) = std::sync::mpsc::channel::<DrawingJob>();
        let jobs = Arc::new(std::sync::Mutex::new(jobs));
        for _ in 0..std::thread::available_parallelism().map_or(1, |n| n.get()) {
            let jobs = jobs.clone();
            let started = std::thread::Builder::new().name(DRAWING_THREAD.into()).spawn(move || {
                loop {
                    let job = jobs.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).recv();
                    let Ok((svg, answer)) = job else { return };
                    let drawn = std::panic::catch_unwind(|| png_of_svg(&svg));
                    let drawn =
                        drawn.map_err(|_| "drawing it panicked".to_string()).and_then(|d| d.map_err(|e| e.to_string()));
                    let _ = answer.send(drawn);
                }
            });
            if let Err(e) = started {
                tracing::error!(error = %e, "a drawing thread could not start");
            }
        }
        queue
    });
    let (answer, drawn) = tokio::sync::oneshot::channel();
    queue.send((svg, answer)).map_err(|_| "no drawing thread runs".to_string())?;
    drawn.await.map_err(|_| "no drawing thread runs".to_string())?
}

/// Rasterises `svg` on white (a transparent picture disappears in dark-mode mail clients) at the size it is
/// shown, as a palette PNG (a few tens of kilobytes where full colour took hundreds). Takes tens of
/// milliseconds: call it outside any database transaction.
pub fn png_of_svg(svg: &str) -> Result<Picture, PictureError> {
    let font_resolver = usvg::FontResolver {
        select_font: usvg::FontResolver::default_font_selector(),
        select_fallback: fallback_selector(),
    };
    let options = usvg::Options { fontdb: fonts(), font_resolver, ..usvg::Options::default() };
    let tree = usvg::Tree::from_str(svg, &options)?;
    let size = tree.size().to_int_size();
    let (svg_w, svg_h) = (size.width().max(1) as f32, size.height().max(1) as f32);
    let shown = (SHOWN_MAX_WIDTH / svg_w).min(1.0);
    let (width, height) = ((svg_w * shown).round() as u32, (svg_h * shown).round() as u32);
    let area = svg_w * shown * DENSITY * svg_h * shown * DENSITY;
    let scale = shown * DENSITY * (MAX_PIXELS / area).sqrt().min(1.0);
    let (w, h) = ((svg_w * scale).round().max(1.0) as u32, (svg_h * scale).round().max(1.0) as u32);
    if w > MAX_SIDE_PX || h > MAX_SIDE_PX {
        return Err(PictureError::TooLarge(w, h));
    }
    let mut pixmap = tiny_skia::Pixmap::new(w, h).ok_or(PictureError::TooLarge(w, h))?;
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(&tree, tiny_skia::Transform::from_scale(scale, scale), &mut pixmap.as_mut());
    let png = indexed_png(&pixmap).map_err(|e| PictureError::Png(e.to_string()))?;
    Ok(Picture { png, width, height })
}

/// An opaque pixmap as an 8-bit palette PNG: its own colours when it has at most [`PALETTE_SIZE`], else the
/// palette NeuQuant learns from it (text edges take the nearest colour; the flat areas keep theirs).
fn indexed_png(pixmap: &tiny_skia::Pixmap) -> Result<Vec<u8>, png::EncodingError> {
    let rgba = pixmap.data();
    // Boards have few distinct colours (flat areas, and the shades of anti-aliased edges): one pass numbers
    // them in order of appearance, looking a colour up only where it changes from the pixel before.
    let mut ids: HashMap<[u8; 3], u32> = HashMap::new();
    let mut order: Vec<[u8; 3]> = Vec::new();
    let mut numbered: Vec<u32> = Vec::with_capacity(rgba.len() / 4);
    let mut last: Option<(&[u8], u32)> = None;
    for px in rgba.chunks_exact(4) {
        let id = match last {
            Some((colour, id)) if colour == px => id,
            _ => *ids.entry([px[0], px[1], px[2]]).or_insert_with(|| {
                order.push([px[0], px[1], px[2]]);
                order.len() as u32 - 1
            }),
        };
        last = Some((px, id));
        numbered.push(id);
    }
    let (palette, lookup): (Vec<u8>, Vec<u8>) = if order.len() <= PALETTE_SIZE {
        (order.iter().flatten().copied().collect(), (0..order.len()).map(|i| i as u8).collect())
    } else {
        // Learning from one pixel in 30 (the coarsest NeuQuant allows) is plenty for the boards' large flat
        // areas, and a few milliseconds quicker per picture than one in 10.
        let quant = color_quant::NeuQuant::new(30, PALETTE_SIZE, rgba);
        (quant.color_map_rgb(), order.iter().map(|c| quant.index_of(&[c[0], c[1], c[2], 255]) as u8).collect())
    };
    let indices: Vec<u8> = numbered.iter().map(|&id| lookup[id as usize]).collect();
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(palette);
    encoder.set_compression(png::Compression::Best);
    // Palette indices are no gradient: unfiltered rows deflate best.
    encoder.set_filter(png::FilterType::NoFilter);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(&indices)?;
    writer.finish()?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(target_os = "linux")]
    #[test]
    fn pictures_are_drawn_on_threads_of_their_own() {
        let runtime = tokio::runtime::Builder::new_current_thread().build().unwrap();
        let drawn = runtime.block_on(draw(SVG.to_string())).unwrap();
        assert_eq!(drawn, png_of_svg(SVG).unwrap());
        assert!(
            runtime.block_on(draw("<svg".to_string())).unwrap_err().contains("SVG"),
            "a broken drawing is an error"
        );
        let names: Vec<String> = std::fs::read_dir("/proc/self/task")
            .unwrap()
            .filter_map(|task| std::fs::read_to_string(task.ok()?.path().join("comm")).ok())
            .map(|name| name.trim().to_string())
            .collect();
        assert!(names.iter().any(|name| name == DRAWING_THREAD), "{names:?}");
    }

    const SVG: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20" width="40" height="20"><rect x="0" y="0" width="20" height="20" fill="#000"/></svg>"##;

    #[test]
    fn a_drawing_becomes_a_palette_png_one_and_a_half_times_its_size_on_white() {
        let picture = png_of_svg(SVG).unwrap();
        assert_eq!((picture.width, picture.height), (40, 20));
        assert_eq!(picture.png[25], 3, "colour type 3: a palette PNG");
        let pixmap = tiny_skia::Pixmap::decode_png(&picture.png).unwrap();
        assert_eq!((pixmap.width(), pixmap.height()), (60, 30));
        let at = |x: u32, y: u32| pixmap.pixel(x, y).unwrap();
        assert_eq!((at(10, 10).red(), at(10, 10).alpha()), (0, 255), "the black square");
        assert_eq!((at(50, 10).red(), at(50, 10).alpha()), (255, 255), "the white background");
        assert_eq!(png_of_svg(SVG).unwrap(), picture, "the same drawing gives the same bytes");
    }

    #[test]
    fn many_colours_are_brought_down_to_a_palette_that_keeps_them_close() {
        // 20 × 20 squares of distinct colours: 400, more than a palette holds.
        let mut squares = String::new();
        for i in 0..400 {
            let (x, y) = (i % 20 * 10, i / 20 * 10);
            squares.push_str(&format!(
                "<rect x=\"{x}\" y=\"{y}\" width=\"10\" height=\"10\" fill=\"rgb({},{},{})\"/>",
                i % 20 * 12,
                i / 20 * 12,
                (i * 7) % 256
            ));
        }
        let svg = format!(r#"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">{squares}</svg>"#);
        let picture = png_of_svg(&svg).unwrap();
        assert_eq!(picture.png[25], 3, "a palette PNG");
        let pixmap = tiny_skia::Pixmap::decode_png(&picture.png).unwrap();
        // The middle of square i, drawn 1.5 times larger.
        for i in [0i32, 57, 211, 399] {
            let (x, y) = ((i % 20 * 10 + 5) as u32 * 3 / 2, (i / 20 * 10 + 5) as u32 * 3 / 2);
            let p = pixmap.pixel(x, y).unwrap();
            let want = [i % 20 * 12, i / 20 * 12, (i * 7) % 256];
            let got = [p.red() as i32, p.green() as i32, p.blue() as i32];
            let off: i32 = want.iter().zip(got).map(|(w, g)| (w - g).abs()).sum();
            assert!(off <= 120, "square {i}: {got:?} for {want:?}");
        }
    }

    #[test]
    fn broken_or_overly_tall_drawings_are_refused() {
        assert!(matches!(png_of_svg("<svg"), Err(PictureError::Svg(_))));
        let tall = r#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="5000"/>"#;
        assert!(matches!(png_of_svg(tall), Err(PictureError::TooLarge(15, 7500))));
        let taller = r#"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50000"/>"#;
        assert!(matches!(png_of_svg(taller), Err(PictureError::TooLarge(_, _))));
    }

    #[test]
    fn large_drawings_are_scaled_down_to_at_most_the_pixels_sent() {
        let map = r#"<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800"/>"#;
        let picture = png_of_svg(map).unwrap();
        assert_eq!((picture.width, picture.height), (600, 800), "shown at its size");
        let pixmap = tiny_skia::Pixmap::decode_png(&picture.png).unwrap();
        let (w, h) = (pixmap.width(), pixmap.height());
        assert!((690..=695).contains(&w) && w * h <= 641_000, "{w}×{h}");
    }

    #[test]
    fn wide_drawings_are_drawn_as_wide_as_they_are_shown() {
        let wide = r#"<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="100"/>"#;
        let picture = png_of_svg(wide).unwrap();
        assert_eq!((picture.width, picture.height), (600, 60), "shown in an email's text column");
        let pixmap = tiny_skia::Pixmap::decode_png(&picture.png).unwrap();
        assert_eq!((pixmap.width(), pixmap.height()), (900, 90));
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
