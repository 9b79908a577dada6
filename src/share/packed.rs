//! Texts packed for a link: deflated (raw DEFLATE, RFC 1951, at miniz's best level) and written in
//! base64url without padding (RFC 4648 §5), so a VGDL game's file travels in a link at about a
//! third of its size where percent-encoding would triple its indentation. The page packs and
//! unpacks through these same functions (it writes and reads links through wasm).

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use miniz_oxide::deflate::compress_to_vec;
use miniz_oxide::inflate::{decompress_to_vec_with_limit, TINFLStatus};

use super::{error, FieldError};

/// miniz's best compression level.
const LEVEL: u8 = 10;

/// `text` deflated and in base64url (only `A-Z a-z 0-9 - _`, so a link needs no escapes).
pub fn pack(text: &str) -> String {
    URL_SAFE_NO_PAD.encode(compress_to_vec(text.as_bytes(), LEVEL))
}

/// The text [`pack`] wrote into `packed`, at most `max_bytes` long; the error names `field` and
/// says what is wrong (not base64url, not deflate data, not UTF-8, or longer than `max_bytes`
/// unpacked, found without unpacking more than `max_bytes + 1` bytes).
pub fn unpack(field: &str, packed: &str, max_bytes: usize) -> Result<String, FieldError> {
    let bytes = URL_SAFE_NO_PAD.decode(packed).map_err(|e| {
        error(
            field,
            format!("is not packed text (base64url without padding: {e})"),
        )
    })?;
    let text = decompress_to_vec_with_limit(&bytes, max_bytes).map_err(|e| match e.status {
        TINFLStatus::HasMoreOutput => error(
            field,
            format!("unpacks to more than {max_bytes} bytes, the most a link's text may hold"),
        ),
        _ => error(
            field,
            "is not packed text (its deflate data is cut short or damaged)",
        ),
    })?;
    String::from_utf8(text).map_err(|_| error(field, "unpacks to text that is not UTF-8"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_round_trip_in_link_safe_letters() {
        for text in [
            "",
            "A",
            "BasicGame\n  SpriteSet\n    wall > Immovable\n",
            "héllo ✓",
        ] {
            let packed = pack(text);
            assert!(
                packed
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'),
                "{packed}"
            );
            assert_eq!(unpack("rules-z", &packed, 100).unwrap(), text);
        }
    }

    #[test]
    fn indentation_packs_small() {
        let text = "    wall > Immovable\n".repeat(100);
        assert!(pack(&text).len() < text.len() / 10, "{}", pack(&text).len());
    }

    #[test]
    fn bad_packed_text_names_the_field_and_why() {
        let err = unpack("rules-z", "not base64!", 100).unwrap_err();
        assert_eq!(err.field, "rules-z");
        assert!(err.message.contains("base64url"), "{}", err.message);
        let err = unpack("rules-z", "AAAA", 100).unwrap_err();
        assert!(err.message.contains("deflate data"), "{}", err.message);
        let long = pack(&"x".repeat(101));
        let err = unpack("level", &long, 100).unwrap_err();
        assert_eq!(err.field, "level");
        assert!(
            err.message.contains("more than 100 bytes"),
            "{}",
            err.message
        );
        assert_eq!(unpack("level", &long, 101).unwrap().len(), 101);
        let latin1 = URL_SAFE_NO_PAD.encode(compress_to_vec(&[0xff, 0xfe], LEVEL));
        let err = unpack("rules-z", &latin1, 100).unwrap_err();
        assert!(err.message.contains("UTF-8"), "{}", err.message);
    }
}
