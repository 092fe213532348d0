// An Amazon Location place index whose name follows the properties that replace it. CloudFormation
// requires a name for AWS::Location::PlaceIndex (IndexName), and it refuses to replace a resource whose
// name stays the same ("cannot update a stack when a custom-named resource requires replacing"). So the
// name is the construct's unique id plus the data source (a replacement property) and the intended use
// (one in older versions of the resource's schema; in place today): a new data source gives a new name,
// and CloudFormation creates the new index, points the functions at it, then deletes the old one. The
// index holds no data, so a replacement loses nothing.
import { Names } from 'aws-cdk-lib';
import { CfnPlaceIndex } from 'aws-cdk-lib/aws-location';
import { Construct } from 'constructs';

/** Amazon Location's data providers for places. */
export type PlaceDataSource = 'Esri' | 'Here' | 'Grab';

export interface PlaceIndexProps {
  dataSource: PlaceDataSource;
  /** `Storage` when results are kept (Amazon Location's terms allow keeping only those), else `SingleUse`. */
  intendedUse: 'SingleUse' | 'Storage';
  description?: string;
}

/** IndexName: at most 100 characters of `[-._\w]`. */
const MAX_NAME_LENGTH = 100;

export class PlaceIndex extends Construct {
  readonly index: CfnPlaceIndex;

  constructor(scope: Construct, id: string, props: PlaceIndexProps) {
    super(scope, id);
    const replacedBy = `${props.dataSource}-${props.intendedUse}`;
    this.index = new CfnPlaceIndex(this, 'Resource', {
      indexName: `${Names.uniqueResourceName(this, { maxLength: MAX_NAME_LENGTH - replacedBy.length - 1, separator: '-' })}-${replacedBy}`,
      dataSource: props.dataSource,
      dataSourceConfiguration: { intendedUse: props.intendedUse },
      description: props.description,
    });
  }
}
