/// A page that only says something: errors (404, 403, 400…) and refused links.
struct MessagePage: Sendable {
    let title: String
    let status: Int
    let message: String
    /// Where to go from here.
    let home: String
}
