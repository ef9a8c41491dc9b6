export * from './point-cloud';
export * from './point-cloud-error';
export * from './lzf';
export * from './pcd';
export * from './ply';
export * from './kitti-bin';
export * from './nuscenes-bin';
export * from './parse';
