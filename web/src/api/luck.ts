// The GraphQL operations of the luck audit and the graphs of a game (docs/luck.md): kept beside the other
// operations (./operations.ts) in a file of their own.
import { graphql } from "../gql";

// A chi-square test's figures.
export const ChiSquareFields = graphql(`
  fragment ChiSquareFields on ChiSquareTest {
    statistic
    degreesOfFreedom
    pValue
    smallSample
  }
`);

// One player's luck figures (LuckFigures), in a game or over their games.
export const LuckFiguresFields = graphql(`
  fragment LuckFiguresFields on LuckFigures {
    rolls
    attacks
    defences
    expectedLosses
    losses
    luck
    stdDev
    z
    percentile
  }
`);

// A game's seats and its luck audit (Game.luck), for the luck panel.
export const GameLuckFields = graphql(`
  fragment GameLuckFields on Game {
    seats {
      seat
      color
      userName
      cpu
      difficulty
      status
    }
    luck {
      partial
      rolls
      faces {
        counts
        test {
          ...ChiSquareFields
        }
      }
      pairings {
        attackDice
        defendDice
        rolls
        outcomes {
          attackerLosses
          defenderLosses
          probability
          observed
          expected
        }
        test {
          ...ChiSquareFields
        }
      }
      seats {
        seat
        luck {
          ...LuckFiguresFields
        }
      }
    }
  }
`);

// A game's luck audit and graphs, with its seats to name them.
export const GameLuckQuery = graphql(`
  query GameLuck($id: ID!) {
    game(id: $id) {
      id
      status
      ...GameLuckFields
      graphs {
        partial
        points {
          turn
          round
          seat
          final
          seats {
            seat
            territories
            armies
            income
            luck
          }
        }
      }
    }
  }
`);

// A game's luck audit alone, with its seats to name them: what the game page's "Luck so far" reads again as
// the turns go by, so without the graphs.
export const GameLuckSoFarQuery = graphql(`
  query GameLuckSoFar($id: ID!) {
    game(id: $id) {
      id
      ...GameLuckFields
    }
  }
`);

// A player's luck over their finished games.
export const PlayerLuckQuery = graphql(`
  query PlayerLuck($id: ID!) {
    node(id: $id) {
      id
      ... on User {
        name
        luck {
          games
          luck {
            ...LuckFiguresFields
            faces {
              counts
              test {
                ...ChiSquareFields
              }
            }
          }
        }
      }
    }
  }
`);
