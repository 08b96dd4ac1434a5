// expect: no dynamic member 'resultsCount'
// A view-model property renamed (`resultCount`, not `resultsCount`): a syntax
// check passes it, a type-check must not.
import CountriesDomain
import CountriesPresentation
import SwiftUI

struct RenamedPropertyCanary: View {
    @Bindable var model: CountryListViewModel

    var body: some View {
        Text("\(model.resultsCount) countries")
    }
}
