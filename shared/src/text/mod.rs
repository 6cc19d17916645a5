//! Width-aware text layout shared by every renderer.
//!
//! Terminals and monospaced email fonts give CJK characters two columns, so every pad, truncation and
//! alignment here measures display width (`unicode-width`), never `len()` or `chars().count()`.
//! Ambiguous-width characters (※, ★, ○ …) are measured as narrow, as most Western terminals do; the
//! specs ask renderers to keep them out of grids for that reason.

use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

pub mod markdown;

/// Display width of `s` in terminal columns.
pub fn width(s: &str) -> usize {
    UnicodeWidthStr::width(s)
}

fn char_width(c: char) -> usize {
    UnicodeWidthChar::width(c).unwrap_or(0)
}

/// Cuts `s` to at most `max` columns, never splitting a wide character.
pub fn truncate(s: &str, max: usize) -> String {
    let mut out = String::new();
    let mut used = 0;
    for c in s.chars() {
        let w = char_width(c);
        if used + w > max {
            break;
        }
        used += w;
        out.push(c);
    }
    out
}

/// `s` padded with spaces on the right to exactly `w` columns (truncated if wider).
pub fn pad_right(s: &str, w: usize) -> String {
    let t = truncate(s, w);
    let fill = w - width(&t);
    format!("{t}{}", " ".repeat(fill))
}

/// `s` padded with spaces on the left to exactly `w` columns (truncated if wider).
pub fn pad_left(s: &str, w: usize) -> String {
    let t = truncate(s, w);
    let fill = w - width(&t);
    format!("{}{t}", " ".repeat(fill))
}

/// `s` centred in exactly `w` columns (extra space goes right).
pub fn center(s: &str, w: usize) -> String {
    let t = truncate(s, w);
    let fill = w - width(&t);
    let left = fill / 2;
    format!("{}{t}{}", " ".repeat(left), " ".repeat(fill - left))
}

/// Breaks `text` into lines of at most `max` columns at spaces (or anywhere inside a long word and
/// between CJK characters, which have no spaces).
pub fn wrap(text: &str, max: usize) -> Vec<String> {
    let max = max.max(1);
    let mut lines = Vec::new();
    for paragraph in text.split('\n') {
        let mut line = String::new();
        let mut line_w = 0;
        for word in split_keep_spaces(paragraph) {
            let ww = width(word);
            if line_w + ww <= max {
                line.push_str(word);
                line_w += ww;
                continue;
            }
            if word.trim().is_empty() {
                // A space at a break point is dropped.
                lines.push(std::mem::take(&mut line).trim_end().to_string());
                line_w = 0;
                continue;
            }
            if !line.trim().is_empty() {
                lines.push(std::mem::take(&mut line).trim_end().to_string());
                line_w = 0;
            } else {
                line.clear();
                line_w = 0;
            }
            for c in word.chars() {
                let cw = char_width(c);
                if line_w + cw > max {
                    lines.push(std::mem::take(&mut line));
                    line_w = 0;
                }
                line.push(c);
                line_w += cw;
            }
        }
        lines.push(line.trim_end().to_string());
    }
    lines
}

fn split_keep_spaces(s: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut start = 0;
    let mut in_space = None;
    for (i, c) in s.char_indices() {
        let is_space = c == ' ';
        // Wide characters are each their own break opportunity.
        let wide = char_width(c) > 1;
        match in_space {
            Some(prev) if prev == is_space && !wide => {}
            Some(_) | None => {
                if i > start {
                    parts.push(&s[start..i]);
                }
                start = i;
            }
        }
        in_space = Some(is_space);
        if wide {
            parts.push(&s[start..i + c.len_utf8()]);
            start = i + c.len_utf8();
            in_space = None;
        }
    }
    if start < s.len() {
        parts.push(&s[start..]);
    }
    parts
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Right,
    Center,
}

/// A simple text table: a header row, data rows, columns padded by display width.
#[derive(Clone, Debug, Default)]
pub struct Table {
    header: Vec<String>,
    aligns: Vec<Align>,
    rows: Vec<Vec<String>>,
    gap: usize,
}

impl Table {
    pub fn new<S: Into<String>>(header: impl IntoIterator<Item = S>) -> Self {
        let header: Vec<String> = header.into_iter().map(Into::into).collect();
        let aligns = vec![Align::Left; header.len()];
        Table { header, aligns, rows: Vec::new(), gap: 2 }
    }

    pub fn align(mut self, column: usize, align: Align) -> Self {
        if column < self.aligns.len() {
            self.aligns[column] = align;
        }
        self
    }

    pub fn gap(mut self, gap: usize) -> Self {
        self.gap = gap;
        self
    }

    pub fn row<S: Into<String>>(&mut self, cells: impl IntoIterator<Item = S>) -> &mut Self {
        self.rows.push(cells.into_iter().map(Into::into).collect());
        self
    }

    fn column_widths(&self) -> Vec<usize> {
        let n = self.header.len().max(self.rows.iter().map(Vec::len).max().unwrap_or(0));
        (0..n)
            .map(|i| {
                std::iter::once(&self.header)
                    .chain(self.rows.iter())
                    .filter_map(|r| r.get(i))
                    .map(|c| width(c))
                    .max()
                    .unwrap_or(0)
            })
            .collect()
    }

    /// The table as lines without trailing spaces; an empty header row is omitted.
    pub fn render(&self) -> String {
        let widths = self.column_widths();
        let mut out = String::new();
        let has_header = self.header.iter().any(|h| !h.is_empty());
        let header = has_header.then_some(&self.header);
        for row in header.into_iter().chain(self.rows.iter()) {
            let mut line = String::new();
            for (i, w) in widths.iter().enumerate() {
                let cell = row.get(i).map(String::as_str).unwrap_or("");
                let aligned = match self.aligns.get(i).copied().unwrap_or(Align::Left) {
                    Align::Left => pad_right(cell, *w),
                    Align::Right => pad_left(cell, *w),
                    Align::Center => center(cell, *w),
                };
                if i > 0 {
                    line.push_str(&" ".repeat(self.gap));
                }
                line.push_str(&aligned);
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }
}

/// A fixed-size grid of terminal cells for maps and boards. A wide character occupies two cells; writing
/// over half of one blanks the other half so the grid never goes out of alignment.
#[derive(Clone, Debug)]
pub struct Canvas {
    cols: usize,
    cells: Vec<Vec<Cell>>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cell {
    Char(char),
    /// The right half of the wide character to the left.
    Continuation,
}

impl Canvas {
    pub fn new(cols: usize, rows: usize) -> Self {
        Canvas { cols, cells: vec![vec![Cell::Char(' '); cols]; rows] }
    }

    pub fn cols(&self) -> usize {
        self.cols
    }

    pub fn rows(&self) -> usize {
        self.cells.len()
    }

    fn clear_cell(&mut self, x: usize, y: usize) {
        let row = &mut self.cells[y];
        match row[x] {
            Cell::Continuation if x > 0 => row[x - 1] = Cell::Char(' '),
            Cell::Char(c) if char_width(c) == 2 && x + 1 < row.len() => row[x + 1] = Cell::Char(' '),
            _ => {}
        }
        row[x] = Cell::Char(' ');
    }

    /// Writes `c` at column `x`, row `y`; clipped at the edges (a wide character that would straddle the
    /// right edge is not drawn).
    pub fn put(&mut self, x: usize, y: usize, c: char) {
        if y >= self.cells.len() || x >= self.cols {
            return;
        }
        let w = char_width(c).max(1);
        if x + w > self.cols {
            return;
        }
        for dx in 0..w {
            self.clear_cell(x + dx, y);
        }
        self.cells[y][x] = Cell::Char(c);
        if w == 2 {
            self.cells[y][x + 1] = Cell::Continuation;
        }
    }

    /// Writes `s` starting at column `x`, row `y`; returns the column after the text.
    pub fn text(&mut self, x: usize, y: usize, s: &str) -> usize {
        let mut col = x;
        for c in s.chars() {
            self.put(col, y, c);
            col += char_width(c).max(1);
        }
        col
    }

    /// The character whose left edge is at (`x`, `y`), if any.
    pub fn get(&self, x: usize, y: usize) -> Option<char> {
        match self.cells.get(y)?.get(x)? {
            Cell::Char(c) => Some(*c),
            Cell::Continuation => None,
        }
    }

    /// Lines without trailing spaces.
    pub fn render(&self) -> String {
        let mut out = String::new();
        for row in &self.cells {
            let line: String = row
                .iter()
                .filter_map(|c| match c {
                    Cell::Char(c) => Some(*c),
                    Cell::Continuation => None,
                })
                .collect();
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cjk_counts_double() {
        assert_eq!(width("abc"), 3);
        assert_eq!(width("右王左王"), 8);
        assert_eq!(width("士道盤 A"), 8);
    }

    #[test]
    fn padding_measures_display_width() {
        assert_eq!(pad_right("右王", 6), "右王  ");
        assert_eq!(pad_left("右王", 6), "  右王");
        assert_eq!(center("王", 6), "  王  ");
        assert_eq!(pad_right("右王左王", 5), "右王 ", "a wide char never splits");
        assert_eq!(truncate("右王左", 5), "右王");
    }

    #[test]
    fn table_aligns_mixed_scripts() {
        let mut t = Table::new(["name", "score"]).align(1, Align::Right);
        t.row(["沖田総司", "12"]).row(["Kondo", "3"]);
        let out = t.render();
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 3);
        assert_eq!(width(lines[1]), width(lines[2]));
        assert!(lines[1].ends_with("12"));
    }

    #[test]
    fn wrap_breaks_at_spaces_and_between_cjk() {
        assert_eq!(wrap("aaa bbb ccc", 7), vec!["aaa bbb", "ccc"]);
        let cjk = wrap("右王左王右王左王", 6);
        assert!(cjk.iter().all(|l| width(l) <= 6), "{cjk:?}");
        assert_eq!(cjk.concat(), "右王左王右王左王");
        assert_eq!(wrap("abcdefghij", 4), vec!["abcd", "efgh", "ij"]);
    }

    #[test]
    fn canvas_keeps_alignment_when_overwriting_wide_chars() {
        let mut c = Canvas::new(6, 2);
        c.text(0, 0, "右王");
        c.put(1, 0, 'x'); // overwrite the right half of 右
        let out = c.render();
        let first = out.lines().next().unwrap();
        assert_eq!(first, " x王");
        assert_eq!(width(first), 4);
        c.put(5, 1, '王'); // would straddle the edge
        assert_eq!(c.get(5, 1), Some(' '));
        assert_eq!(c.get(2, 0), Some('王'));
        assert_eq!(c.get(3, 0), None);
    }
}
