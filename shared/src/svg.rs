//! A small SVG writer for the boards' pictures. Each game's `render_svg` draws the same view its text
//! `render` prints, so a picture can never show more than the viewer may see.
//!
//! Output is deterministic (coordinates are written with at most one decimal) so that golden files stay
//! stable, self-contained (no external fonts, images or scripts: pages and emails forbid them) and sized by
//! a `viewBox` so that it scales to any width.

use std::fmt::Write;

use crate::engine::{NARROW_PICTURE_PX, SMALLEST_TEXT_PX};

/// The colours every board shares, chosen to stay readable on white and for common colour blindness
/// (each seat colour also carries a letter or a name next to it).
pub mod palette {
    pub const INK: &str = "#1f2328";
    /// Secondary text: at least 4.5:1 on every light fill of the boards (`tests/picture_contrast.rs`).
    pub const MUTED: &str = "#57606a";
    pub const LINE: &str = "#8c959f";
    pub const PAPER: &str = "#ffffff";
    pub const PANEL: &str = "#f6f8fa";
    pub const HIGHLIGHT: &str = "#fff8c5";
    pub const HIDDEN: &str = "#d0d7de";
    pub const RED: &str = "#cf222e";
    pub const YELLOW: &str = "#bf8700";
    pub const GREEN: &str = "#1a7f37";
    pub const BLUE: &str = "#0969da";
    pub const PURPLE: &str = "#8250df";
    pub const BROWN: &str = "#953800";
    /// Seat colours for games whose seats have no colour of their own.
    pub const SEATS: [&str; 5] = [RED, BLUE, GREEN, YELLOW, PURPLE];
}

/// Escapes text for element content and attribute values.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            // XML 1.0 forbids most control characters even when escaped; they never belong in a picture.
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// A coordinate or length, written with at most one decimal and no trailing `.0`.
fn num(v: f64) -> String {
    let r = (v * 10.0).round() / 10.0;
    if r == r.trunc() { format!("{}", r as i64) } else { format!("{r:.1}") }
}

/// Where a text's x coordinate sits relative to the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    Start,
    Middle,
    End,
}

impl Anchor {
    fn as_str(self) -> &'static str {
        match self {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        }
    }
}

/// The style of one text.
#[derive(Clone, Copy, Debug)]
pub struct Font {
    pub size: f64,
    pub bold: bool,
    pub anchor: Anchor,
    pub fill: &'static str,
    /// Fixed-width glyphs, for text laid out in columns (the engines' status tables).
    pub mono: bool,
}

impl Font {
    pub fn new(size: f64) -> Font {
        Font { size, bold: false, anchor: Anchor::Start, fill: palette::INK, mono: false }
    }
    pub fn mono(mut self) -> Font {
        self.mono = true;
        self
    }
    pub fn bold(mut self) -> Font {
        self.bold = true;
        self
    }
    pub fn middle(mut self) -> Font {
        self.anchor = Anchor::Middle;
        self
    }
    pub fn end(mut self) -> Font {
        self.anchor = Anchor::End;
        self
    }
    pub fn fill(mut self, fill: &'static str) -> Font {
        self.fill = fill;
        self
    }
}

/// The fill and stroke of a shape.
#[derive(Clone, Copy, Debug)]
pub struct Paint<'a> {
    pub fill: &'a str,
    pub stroke: &'a str,
    pub stroke_width: f64,
    pub dashed: bool,
}

impl<'a> Paint<'a> {
    pub fn new(fill: &'a str, stroke: &'a str) -> Paint<'a> {
        Paint { fill, stroke, stroke_width: 1.0, dashed: false }
    }
    pub fn filled(fill: &'a str) -> Paint<'a> {
        Paint { fill, stroke: "none", stroke_width: 0.0, dashed: false }
    }
    pub fn outline(stroke: &'a str) -> Paint<'a> {
        Paint { fill: "none", stroke, stroke_width: 1.0, dashed: false }
    }
    pub fn width(mut self, w: f64) -> Paint<'a> {
        self.stroke_width = w;
        self
    }
    pub fn dashed(mut self) -> Paint<'a> {
        self.dashed = true;
        self
    }

    fn attrs(&self) -> String {
        let mut s = format!(r#"fill="{}""#, escape(self.fill));
        if self.stroke != "none" {
            let _ = write!(s, r#" stroke="{}" stroke-width="{}""#, escape(self.stroke), num(self.stroke_width));
            if self.dashed {
                s.push_str(r#" stroke-dasharray="4 3""#);
            }
        }
        s
    }
}

/// How big a picture is drawn: wide for a desk, or narrow for a phone (`RenderContext::narrow`: shown
/// [`NARROW_PICTURE_PX`] wide, so every text at least [`SMALLEST_TEXT_PX`] there).
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    pub width: f64,
    pub narrow: bool,
    /// The smallest font size allowed, in user units (0 when wide: desks show the picture near its size).
    pub smallest_text: f64,
    /// 44 CSS pixels, the smallest comfortable touch target, in user units.
    pub touch: f64,
}

impl Layout {
    /// `wide_width` units wide for a desk, else as wide as a phone's CSS pixels.
    pub fn of(ctx: &crate::engine::RenderContext, wide_width: f64) -> Layout {
        if ctx.narrow {
            let width = NARROW_PICTURE_PX;
            Layout { width, narrow: true, smallest_text: SMALLEST_TEXT_PX * width / NARROW_PICTURE_PX, touch: 44.0 }
        } else {
            // A desk's page shows a wide picture a little narrower than its own size.
            Layout {
                width: wide_width,
                narrow: false,
                smallest_text: 0.0,
                touch: 44.0 * wide_width / wide_width.min(900.0),
            }
        }
    }

    /// A font of `size`, or the smallest readable one if `size` is smaller.
    pub fn font(&self, size: f64) -> Font {
        Font::new(self.size(size))
    }

    pub fn size(&self, size: f64) -> f64 {
        size.max(self.smallest_text)
    }
}

/// An SVG document being drawn; `finish` closes it.
pub struct Svg {
    width: f64,
    height: f64,
    body: String,
    /// The touchable areas (`spot`), drawn last so that they lie above everything they cover.
    spots: String,
}

impl Svg {
    /// A picture `width` × `height` user units large, with a title that screen readers announce.
    pub fn new(width: f64, height: f64) -> Svg {
        Svg { width, height, body: String::new(), spots: String::new() }
    }

    pub fn width(&self) -> f64 {
        self.width
    }

    /// Grows the picture downwards (for boards whose height is known only after drawing).
    pub fn set_height(&mut self, height: f64) {
        self.height = height;
    }

    pub fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, radius: f64, paint: Paint) {
        let _ = writeln!(
            self.body,
            r#"<rect x="{}" y="{}" width="{}" height="{}"{} {}/>"#,
            num(x),
            num(y),
            num(w),
            num(h),
            if radius > 0.0 { format!(r#" rx="{}""#, num(radius)) } else { String::new() },
            paint.attrs()
        );
    }

    pub fn circle(&mut self, cx: f64, cy: f64, r: f64, paint: Paint) {
        let _ = writeln!(self.body, r#"<circle cx="{}" cy="{}" r="{}" {}/>"#, num(cx), num(cy), num(r), paint.attrs());
    }

    pub fn line(&mut self, x1: f64, y1: f64, x2: f64, y2: f64, paint: Paint) {
        let _ = writeln!(
            self.body,
            r#"<line x1="{}" y1="{}" x2="{}" y2="{}" {}/>"#,
            num(x1),
            num(y1),
            num(x2),
            num(y2),
            paint.attrs()
        );
    }

    /// A closed polygon through `points`.
    pub fn polygon(&mut self, points: &[(f64, f64)], paint: Paint) {
        let pts: Vec<String> = points.iter().map(|(x, y)| format!("{},{}", num(*x), num(*y))).collect();
        let _ = writeln!(self.body, r#"<polygon points="{}" {}/>"#, pts.join(" "), paint.attrs());
    }

    pub fn text(&mut self, x: f64, y: f64, text: &str, font: Font) {
        if text.is_empty() {
            return;
        }
        let _ = writeln!(
            self.body,
            r#"<text x="{}" y="{}" font-size="{}"{}{}{} fill="{}">{}</text>"#,
            num(x),
            num(y),
            num(font.size),
            if font.mono {
                r#" font-family="'Noto Sans Mono CJK JP', 'DejaVu Sans Mono', monospace" xml:space="preserve""#
            } else {
                ""
            },
            if font.bold { r#" font-weight="bold""# } else { "" },
            if font.anchor == Anchor::Start {
                String::new()
            } else {
                format!(r#" text-anchor="{}""#, font.anchor.as_str())
            },
            font.fill,
            escape(text)
        );
    }

    /// Draws what `draw` draws as one touchable spot of the board (a group carrying `data-spot="ID"`, see
    /// [`crate::gesture`]), for spots whose shape is the item itself (a tilted card, a hex).
    pub fn spot_group(&mut self, id: &str, draw: impl FnOnce(&mut Svg)) {
        let _ = writeln!(self.body, r#"<g data-spot="{}">"#, escape(id));
        draw(self);
        self.body.push_str("</g>\n");
    }

    /// A tooltip-like description for the shape drawn just before (mail clients ignore it; browsers and
    /// screen readers use it).
    pub fn title(&mut self, text: &str) {
        let _ = writeln!(self.body, "<title>{}</title>", escape(text));
    }

    /// A touchable area of the picture (see [`crate::gesture`]): an invisible rectangle carrying
    /// `data-spot="ID"` and `label` as its accessible name, over the item drawn at `x, y, w, h`. It is
    /// grown around its centre to at least `smallest` user units each way, so that a finger can hit it
    /// (`Layout::touch` is 44 CSS pixels).
    #[allow(clippy::too_many_arguments)]
    pub fn spot(&mut self, id: &str, label: &str, x: f64, y: f64, w: f64, h: f64, smallest: f64) {
        let (x, w) = if w < smallest { (x - (smallest - w) / 2.0, smallest) } else { (x, w) };
        let (y, h) = if h < smallest { (y - (smallest - h) / 2.0, smallest) } else { (y, h) };
        // Grown, it stays inside the picture: nothing of a board may lie beyond its edges.
        let x = x.min(self.width - w).max(0.0);
        let y = y.max(0.0);
        let _ = writeln!(
            self.spots,
            r#"<rect class="spot" data-spot="{}" aria-label="{}" x="{}" y="{}" width="{}" height="{}" rx="4" fill="transparent"><title>{}</title></rect>"#,
            escape(id),
            escape(label),
            num(x),
            num(y),
            num(w),
            num(h),
            escape(label)
        );
    }

    /// The finished document, with `label` as its accessible name.
    pub fn finish(self, label: &str) -> String {
        let mut out = String::with_capacity(self.body.len() + 400);
        let _ = writeln!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img" aria-label="{label}" font-family="'Noto Sans', 'Noto Sans CJK JP', 'Hiragino Sans', 'Yu Gothic', sans-serif">"#,
            w = num(self.width),
            h = num(self.height),
            label = escape(label)
        );
        let _ = writeln!(out, "<title>{}</title>", escape(label));
        let _ = writeln!(out, r#"<rect width="100%" height="100%" fill="{}"/>"#, palette::PAPER);
        out.push_str(&self.body);
        out.push_str(&self.spots);
        out.push_str("</svg>\n");
        out
    }
}

/// `text` broken into lines no wider than `width` at `size` (by `text_width`): at spaces, and between any
/// two characters of a word too long for a line (CJK text has no spaces). For pictures drawn narrow.
pub fn wrap_text(text: &str, size: f64, width: f64) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let candidate = if line.is_empty() { word.to_string() } else { format!("{line} {word}") };
        if text_width(&candidate, size) <= width {
            line = candidate;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        for c in word.chars() {
            if !line.is_empty() && text_width(&format!("{line}{c}"), size) > width {
                lines.push(std::mem::take(&mut line));
            }
            line.push(c);
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The approximate width of `text` at `size`: CJK characters are about one em, others about 0.6 em. Used
/// to size boxes; the picture never depends on the viewer's fonts for correctness, only for looks.
pub fn text_width(text: &str, size: f64) -> f64 {
    text.chars().map(|c| if crate::text::width(&c.to_string()) >= 2 { size } else { size * 0.6 }).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapped_text_fits_its_width() {
        let lines = wrap_text("UOSAO (Right King, Left King) — season 1/3, round 2/4", 16.0, 200.0);
        assert!(lines.len() > 1, "{lines:?}");
        assert!(lines.iter().all(|l| text_width(l, 16.0) <= 200.0), "{lines:?}");
        assert_eq!(lines.join(" "), "UOSAO (Right King, Left King) — season 1/3, round 2/4");
        let ja = wrap_text("ウオサオ（右王・左王）第1季", 16.0, 100.0);
        assert!(ja.iter().all(|l| text_width(l, 16.0) <= 100.0) && ja.len() > 1, "{ja:?}");
    }

    #[test]
    fn spots_are_grown_to_a_finger_and_stay_inside_the_picture() {
        let mut svg = Svg::new(100.0, 100.0);
        svg.spot("a", "A", 2.0, 10.0, 10.0, 10.0, 44.0);
        let out = svg.finish("t");
        assert!(out.contains(r#"data-spot="a" aria-label="A" x="0" y="0" width="44" height="44""#), "{out}");
    }

    #[test]
    fn numbers_are_short_and_stable() {
        assert_eq!(num(3.0), "3");
        assert_eq!(num(2.25), "2.3");
        assert_eq!(num(-0.04), "0");
        assert_eq!(num(10.5), "10.5");
    }

    #[test]
    fn text_is_escaped_and_controls_dropped() {
        let mut svg = Svg::new(10.0, 10.0);
        svg.text(0.0, 0.0, "<a href=\"x\">&\u{1b}[2J", Font::new(8.0));
        let out = svg.finish("t & u");
        assert!(out.contains("&lt;a href=&quot;x&quot;&gt;&amp;[2J"));
        assert!(!out.contains('\u{1b}'));
        assert!(out.contains(r#"aria-label="t &amp; u""#));
    }
}
