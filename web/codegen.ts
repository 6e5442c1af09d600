// graphql-codegen: typed documents for every operation in src/, from the server's schema files.
import type { CodegenConfig } from "@graphql-codegen/cli";

const config: CodegenConfig = {
  schema: "../graph/schema/*.graphqls",
  documents: ["src/**/*.ts", "src/**/*.tsx", "!src/gql/**"],
  ignoreNoDocuments: true,
  generates: {
    "src/gql/": {
      preset: "client",
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        scalars: { Time: "string", Cursor: "string", JSON: "unknown" },
      },
      presetConfig: { fragmentMasking: false },
    },
  },
};

export default config;
