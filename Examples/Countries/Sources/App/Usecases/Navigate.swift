import CountriesDomain

extension Deck {
    /// Action: sets the stack of open details screens of the scene `scene`.
    func navigate(_ scene: String, to path: [String]) {
        store.update(at: { $0.routing[scene].path }) { $0 = path.map { $0.uppercased() } }
    }
}
