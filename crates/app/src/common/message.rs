//! Messages from the core as labels show them: the core quotes names and file syntax in
//! backticks (`A`, `format: 2`), as a terminal reads well; on screen those spans are set in
//! the code style, without the backticks.

use egui::text::LayoutJob;
use egui::{Align, Color32, FontSelection, RichText, Style};

/// `text` laid out for a label in `style`: its backtick-quoted spans in the code style, the
/// rest in `color` if given. Text with an unmatched backtick is laid out as it is.
pub fn message_job(style: &Style, text: &str, color: Option<Color32>) -> LayoutJob {
    let mut job = LayoutJob::default();
    for part in message_parts(text, color) {
        part.append_to(&mut job, style, FontSelection::Default, Align::Center);
    }
    job
}

/// The parts of `text` as [`message_job`] sets them, for a label made of other parts too.
pub fn message_parts(text: &str, color: Option<Color32>) -> Vec<RichText> {
    let quoted = text.matches('`').count().is_multiple_of(2);
    let parts: Vec<&str> = if quoted {
        text.split('`').collect()
    } else {
        vec![text]
    };
    parts
        .into_iter()
        .enumerate()
        .filter(|(_, part)| !part.is_empty())
        .map(|(i, part)| {
            let rich = if i % 2 == 1 {
                RichText::new(part).code()
            } else {
                RichText::new(part)
            };
            match color {
                Some(color) => rich.color(color),
                None => rich,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_spans_lose_their_backticks_and_a_lone_backtick_stays() {
        let style = Style::default();
        let job = message_job(&style, "piece `A` cannot move right", None);
        assert_eq!(job.text, "piece A cannot move right");
        assert_eq!(job.sections.len(), 3);
        let mono = |i: usize| job.sections[i].format.font_id.family == egui::FontFamily::Monospace;
        assert!(!mono(0) && mono(1) && !mono(2));
        assert_eq!(message_job(&style, "a ` b", None).text, "a ` b");
    }
}
