import CountriesDomain

extension Deck {
    /// Action: sets the stack of open details screens.
    func navigate(to path: [String]) {
        store.update(at: { $0.routing.path }) { $0 = path.map { $0.uppercased() } }
    }

    /// Action: shows the flag sheet of the country with `code`, or hides it.
    func showFlag(of code: String?) {
        store.update(at: { $0.routing.flagSheet }) { $0 = code?.uppercased() }
    }
}
