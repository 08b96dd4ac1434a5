import CountriesApp
import CountriesDomain
import CountriesPresentation
import KeelSwiftUI
import SwiftUI

/// The facts of one country (a show: a plain value in). Each neighbour is a
/// `NavigationLink(value:)` with its code, which the navigation stack pushes
/// on the scene's path.
struct CountryFactsView: View {
    let facts: CountryFacts
    /// The reader's locale, which names the currencies and languages.
    @Environment(\.locale) private var locale

    var body: some View {
        List {
            Section {
                HStack(alignment: .firstTextBaseline) {
                    Text(facts.flag)
                        .font(.largeTitle)
                        .accessibilityHidden(true)
                    VStack(alignment: .leading) {
                        Text(facts.name).font(.title)
                        Text(facts.officialName).font(.subheadline).foregroundStyle(.secondary)
                    }
                }
            }
            Section("Facts") {
                if let englishName = facts.englishName {
                    LabeledContent("In English", value: englishName)
                }
                if !facts.nativeNames.isEmpty {
                    LabeledContent("Native names", value: facts.nativeNames.joined(separator: ", "))
                }
                if let region = facts.region {
                    LabeledContent("Region") { Text(region) }
                }
                LabeledContent("Capital") { Text(facts.capitals) }
                LabeledContent("Population", value: facts.population)
                LabeledContent("Area") { Text(facts.area) }
            }
            if !facts.currencies.isEmpty {
                Section("Currencies") {
                    ForEach(facts.currencies, id: \.self) { currency in
                        Text(currency.name(in: locale))
                    }
                }
            }
            if !facts.languages.isEmpty {
                Section("Languages") {
                    ForEach(facts.languages, id: \.self) { language in
                        Text(language.name(in: locale))
                    }
                }
            }
            if !facts.neighbours.isEmpty {
                Section("Neighbours") {
                    ForEach(facts.neighbours) { neighbour in
                        NavigationLink(value: neighbour.code) {
                            CountryRowView(row: neighbour)
                        }
                    }
                }
            }
        }
    }
}

/// The flag sheet (a show): the flag, the name, and a close button.
struct FlagSheet: View {
    let flag: String
    let name: String
    let close: () -> Void

    var body: some View {
        NavigationStack {
            VStack {
                Text(flag)
                    .font(.largeTitle)
                    .accessibilityLabel("Flag of \(name)")
                Text(name)
                    .font(.title)
            }
            .navigationTitle(name)
            .toolbar {
                Button(action: close) {
                    Image(systemName: "xmark")
                }
                .accessibilityLabel("Close")
            }
        }
    }
}

#if DEBUG
import CountriesTesting

#Preview("Facts") {
    NavigationStack {
        CountryFactsView(
            facts: CountryFacts(
                CountryDetails(country: .southKorea, neighbours: [.northKorea]),
                language: .english, showsRegion: true))
    }
}

#Preview("Flag sheet") {
    FlagSheet(flag: "🇰🇷", name: "South Korea") {}
}
#endif
