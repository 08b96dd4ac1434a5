import CountriesDomain

extension Vessel {
    public var openLinkAction: OpenLinkUsecase { openLink }

    func openLink(_ scene: String, _ text: String) async throws(LinkFizzle) -> DeepLink {
        let link = try DeepLink(text)
        switch link {
        case .country(let code):
            let known: Bool
            do {
                known = try await database.country(code: code) != nil
            } catch {
                logbook.record(error, context: "Opening the link \(text)")
                known = false
            }
            guard known else { throw .unknownCountry(code: code) }
            // A scene that closed while the database answered is not brought back.
            guard !Task.isCancelled else { return link }
            store.update(at: { $0.routing[scene] }) { $0 = AppState.Routing(path: [code]) }
        }
        return link
    }
}
