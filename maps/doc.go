// Package maps holds Rout's map file format, its validation, the built-in maps and a generator of large
// maps.
//
// A map file is a JSON document that names the territories of a board with their positions for drawing,
// the undirected borders between them and the bonus areas (continents) whose owner earns extra armies:
//
//	{
//	  "id": "tiny",
//	  "name": "Tiny",
//	  "version": 1,
//	  "territories": [
//	    {"id": "north", "name": "North", "x": 100, "y": 50},
//	    {"id": "south", "name": "South", "x": 100, "y": 150, "card": "cavalry"}
//	  ],
//	  "borders": [
//	    ["north", "south"]
//	  ],
//	  "bonusAreas": [
//	    {"id": "all", "name": "All", "bonus": 2, "territories": ["north", "south"]}
//	  ]
//	}
//
// Parse decodes and validates a file and reports every problem at once in a *ValidationError; Map.Board
// turns a valid map into the immutable rules.Board the engine plays on, and Map.AreaColours gives each bonus
// area a palette index that no neighbouring area shares (for drawings and clients alike). Builtin and Builtins return the
// built-in maps (the classic world, the United States, Europe, and generated worlds of 200, 1,000 and 5,000
// territories), Generate builds connected maps of up to rules.MaxTerritories territories for a seed, and
// Import converts the map files of Domination and Conquer Club, with a note for everything that does not
// carry over. The format is described in full in docs/maps.md.
//
// The package depends only on the standard library and the rules package.
package maps
