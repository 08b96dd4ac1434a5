import CountriesApp
import CountriesDomain
import CountriesPresentation
import KeelSwiftUI
import SwiftUI

/// One section of the list: titled by its region when the list is grouped.
struct CountrySectionView: View {
    let section: CountrySection

    var body: some View {
        if let title = section.title {
            Section { rows } header: { Text(title) }
        } else {
            Section { rows }
        }
    }

    private var rows: some View {
        ForEach(section.rows) { row in
            NavigationLink(value: row.code) {
                CountryRowView(row: row)
            }
        }
    }
}

#if DEBUG
import CountriesTesting

#Preview("Section") {
    List {
        CountrySectionView(section: CountrySection(title: "Asia", rows: [
            CountryRow(.southKorea, language: .english, showsRegion: false),
        ]))
    }
}
#endif
