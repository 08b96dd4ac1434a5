import KeelWeb

/// A search typed in the list's field.
struct SearchForm: TabForm {
    let tab: String
    let token: String
    let q: String
}

/// The settings form: the region switch (a checkbox, absent when off), the
/// language of country names, and the tab's interface language (empty for
/// the browser's; absent from forms that predate it).
struct SettingsForm: TabForm {
    let tab: String
    let token: String
    let showsRegion: String?
    let language: String
    let interface: String?
}

/// A tab becoming visible or hidden.
struct ActivityForm: TabForm {
    let tab: String
    let token: String
    let active: String
}
