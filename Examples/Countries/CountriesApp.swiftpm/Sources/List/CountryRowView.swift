import CountriesApp
import CountriesDomain
import CountriesPresentation
import SwiftUI

/// One country in a list (a show: a plain value in, nothing out). The text
/// styles follow Dynamic Type; long names wrap instead of being cut.
struct CountryRowView: View {
    let row: CountryRow

    var body: some View {
        HStack(alignment: .firstTextBaseline) {
            Text(row.flag)
                .font(.title2)
                .accessibilityHidden(true)
            VStack(alignment: .leading) {
                Text(row.name)
                    .font(.headline)
                if let region = row.region {
                    Text(region)
                        .font(.subheadline)
                        .foregroundStyle(.secondary)
                }
                Text("Population \(row.population)")
                    .font(.footnote)
                    .foregroundStyle(.secondary)
            }
        }
    }
}

#if DEBUG
import CountriesTesting

#Preview("Row") {
    List {
        CountryRowView(row: CountryRow(.southKorea, language: .english, showsRegion: true))
        CountryRowView(row: CountryRow(.switzerland, language: .english, showsRegion: false))
    }
}
#endif
