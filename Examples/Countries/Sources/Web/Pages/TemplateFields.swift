import CountriesPresentation
import KeelWeb
import Mustache

// The contexts of the pages served most name their fields for the templates
// directly. A template otherwise finds each field through reflection
// (`Mirror`), which decodes the type's metadata at every lookup and cost more
// than the rest of a list page (profiled: 41% of the server's time, against
// 12% for the whole page once the rows were shared). Each switch names every
// stored property, which the web tests check against `Mirror`.

extension PageFrame: MustacheParent {
    func child(named field: String) -> Any? {
        switch field {
        case "language": language
        case "title": title
        case "page": page
        case "code": code
        case "hidden": hidden
        case "message": message
        default: nil
        }
    }
}

extension ListPage: MustacheParent {
    func child(named field: String) -> Any? {
        switch field {
        case "frame": frame
        case "searchText": searchText
        case "results": results
        case "resultsID": resultsID
        default: nil
        }
    }
}

extension ListResults: MustacheParent {
    func child(named field: String) -> Any? {
        switch field {
        case "suggestions": suggestions
        case "countLabel": countLabel
        case "sectionsHTML": sectionsHTML
        case "refreshing": refreshing
        case "refreshError": refreshError
        case "emptyMessage": emptyMessage
        case "loading": loading
        case "grouped": grouped
        default: nil
        }
    }
}

extension DetailsPage: MustacheParent {
    func child(named field: String) -> Any? {
        switch field {
        case "frame": frame
        case "body": body
        case "bodyID": bodyID
        default: nil
        }
    }
}

extension DetailsBody: MustacheParent {
    func child(named field: String) -> Any? {
        switch field {
        case "code": code
        case "loading": loading
        case "loadingLabel": loadingLabel
        case "flagLabel": flagLabel
        case "error": error
        case "canRetry": canRetry
        case "facts": facts
        case "flagSheet": flagSheet
        default: nil
        }
    }
}

extension DetailsBody.Facts: MustacheParent {
    func child(named field: String) -> Any? {
        switch field {
        case "flag": flag
        case "name": name
        case "officialName": officialName
        case "englishName": englishName
        case "nativeNames": nativeNames
        case "capitals": capitals
        case "population": population
        case "area": area
        case "currencies": currencies
        case "languages": languages
        case "region": region
        case "neighbours": neighbours
        case "hasNeighbours": hasNeighbours
        default: nil
        }
    }
}

extension DetailsBody.Neighbour: MustacheParent {
    func child(named field: String) -> Any? {
        switch field {
        case "code": code
        case "flag": flag
        case "name": name
        default: nil
        }
    }
}

// The list's sections are rendered once per change for every tab, but a
// region switch waits for that render: their rows too name their fields.
extension ListSections: MustacheParent {
    func child(named field: String) -> Any? {
        switch field {
        case "sections": sections.map { SectionFields(section: $0, wording: wording) }
        case "grouped": grouped
        default: nil
        }
    }

    /// A section of the list, for the template.
    struct SectionFields: MustacheParent {
        let section: CountrySection
        let wording: Wording

        func child(named field: String) -> Any? {
            switch field {
            case "title": section.title.map { wording($0) }
            case "rows": section.rows.map { RowFields(row: $0, wording: wording) }
            default: nil
            }
        }
    }

    /// A row of the list, for the template.
    struct RowFields: MustacheParent {
        let row: CountryRow
        let wording: Wording

        func child(named field: String) -> Any? {
            switch field {
            case "code": row.code
            case "flag": row.flag
            case "name": row.name
            case "officialName": row.officialName
            case "region": row.region.map { wording($0) }
            case "population": row.population
            default: nil
            }
        }
    }
}
