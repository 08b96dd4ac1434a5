import CountriesDomain

extension Vessel {
    public var applyLanguageAction: ApplyLanguageUsecase { applyLanguage }

    func applyLanguage(_ language: NameLanguage?) {
        store.update(at: { $0.settings.language }) { $0 = language }
    }
}
