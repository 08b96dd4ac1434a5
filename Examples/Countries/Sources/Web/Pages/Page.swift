/// What every page knows about its tab: the layout's context.
///
/// Templates read stored properties only (through reflection), so every
/// value a template shows is stored, not computed.
struct PageFrame: Sendable {
    /// The tab's session id, carried in links and forms.
    let tab: String
    /// The tab's token, sent back by forms.
    let token: String
    /// The page's title.
    let title: String
    /// The page kind, for the live connection: `list`, `details` or `settings`.
    let page: String
    /// The country code of a details page, empty otherwise.
    let code: String
    /// Whether the tab's content is hidden (the tab is inactive).
    let hidden: Bool
    /// A message to show at the top, such as why a link could not be opened.
    let message: String?
    /// The URL of the list in this tab.
    let home: String
    /// The URL of the settings in this tab.
    let settings: String

    init(tab: String, token: String, title: String, page: String, code: String, hidden: Bool, message: String?) {
        self.tab = tab
        self.token = token
        self.title = title
        self.page = page
        self.code = code
        self.hidden = hidden
        self.message = message
        home = "/?tab=\(tab)"
        settings = "/settings?tab=\(tab)"
    }
}
