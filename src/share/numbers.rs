//! A view's number fields, listed once per game ([`number_fields!`]): read from a link, checked
//! against the game's parameter table and written back by the same code for every game, so the
//! errors name the field (and, out of range, the range) alike everywhere.

use super::{error, FieldError, Fields};
use crate::agents::params::Table;
use std::fmt;

/// A number field's value, in the field's own type.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Number {
    U32(u32),
    U64(u64),
    F64(f64),
}

impl From<u32> for Number {
    fn from(value: u32) -> Self {
        Number::U32(value)
    }
}

impl From<u64> for Number {
    fn from(value: u64) -> Self {
        Number::U64(value)
    }
}

impl From<f64> for Number {
    fn from(value: f64) -> Self {
        Number::F64(value)
    }
}

impl fmt::Display for Number {
    /// As a link writes it (the type's own `to_string`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Number::U32(value) => value.fmt(f),
            Number::U64(value) => value.fmt(f),
            Number::F64(value) => value.fmt(f),
        }
    }
}

/// A number field to read a link's value into. Its type decides how a bad text is worded
/// ("-1 is below the smallest value 0" for a whole-number field, "… is out of range" past the
/// type's largest value: see [`Fields::number`]).
pub enum Slot<'a> {
    U32(&'a mut u32),
    U64(&'a mut u64),
    F64(&'a mut f64),
}

impl<'a> From<&'a mut u32> for Slot<'a> {
    fn from(slot: &'a mut u32) -> Self {
        Slot::U32(slot)
    }
}

impl<'a> From<&'a mut u64> for Slot<'a> {
    fn from(slot: &'a mut u64) -> Self {
        Slot::U64(slot)
    }
}

impl<'a> From<&'a mut f64> for Slot<'a> {
    fn from(slot: &'a mut f64) -> Self {
        Slot::F64(slot)
    }
}

/// A view whose number fields are rows of its game's parameter table, each under its link key
/// (which is the table's key). Implemented by [`number_fields!`] from one list.
pub trait NumberFields {
    /// Each field's key and value, in the list's order.
    fn numbers(&self) -> Vec<(&'static str, Number)>;

    /// Each field's key and place, in the list's order.
    fn number_slots(&mut self) -> Vec<(&'static str, Slot<'_>)>;
}

/// Implements [`NumberFields`] for a view from one list of `"link-key" => field.path` (in the
/// order the link reads and checks them).
macro_rules! number_fields {
    ($view:ty { $($key:literal => $($field:ident).+),+ $(,)? }) => {
        impl $crate::share::numbers::NumberFields for $view {
            fn numbers(&self) -> Vec<(&'static str, $crate::share::numbers::Number)> {
                vec![$(($key, self.$($field).+.into())),+]
            }

            fn number_slots(&mut self) -> Vec<(&'static str, $crate::share::numbers::Slot<'_>)> {
                vec![$(($key, (&mut self.$($field).+).into())),+]
            }
        }
    };
}
pub(crate) use number_fields;

/// Reads every number field the link gives into `view`, in the list's order; the error names
/// the first field whose text is not a number of its type, and says why.
pub fn read(fields: &Fields, view: &mut impl NumberFields) -> Result<(), FieldError> {
    for (key, slot) in view.number_slots() {
        match slot {
            Slot::U32(slot) => fields.number(key, slot)?,
            Slot::U64(slot) => fields.number(key, slot)?,
            Slot::F64(slot) => fields.number(key, slot)?,
        }
    }
    Ok(())
}

/// Checks every number field against its row of `table`, in the list's order; the error names
/// the first field out of its range, and the range.
pub fn check(view: &impl NumberFields, table: Table) -> Result<(), FieldError> {
    for (key, value) in view.numbers() {
        match value {
            Number::U32(value) => {
                table.int(key, value)?;
            }
            Number::U64(value) => {
                table.int(key, value)?;
            }
            Number::F64(value) => {
                table.float(key, value)?;
            }
        }
    }
    Ok(())
}

/// The link's text of the number field `key`, `None` if `key` is not one of the view's.
pub fn text(view: &impl NumberFields, key: &str) -> Option<String> {
    view.numbers()
        .into_iter()
        .find(|&(k, _)| k == key)
        .map(|(_, value)| value.to_string())
}

/// Appends `&key=value` for each of `keys` (an algorithm's own parameters), the value's text
/// from `value`; a key it gives no text for is an error on that key (the parameter table
/// and the view disagree).
pub fn write_keys(
    out: &mut String,
    keys: impl IntoIterator<Item = &'static str>,
    value: impl Fn(&str) -> Option<String>,
) -> Result<(), FieldError> {
    for key in keys {
        let value = value(key)
            .ok_or_else(|| error(key, "is in the parameter table but not in the view"))?;
        out.push_str(&format!("&{key}={value}"));
    }
    Ok(())
}
