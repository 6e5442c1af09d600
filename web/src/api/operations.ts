// Every GraphQL operation of the client. graphql-codegen reads this file and writes their types into
// src/gql; `npm run codegen` after a change here or in graph/schema.
import { graphql } from "../gql";

export const ViewerQuery = graphql(`
  query Viewer {
    viewer {
      id
      name
      email
      phone
      notify
    }
  }
`);
